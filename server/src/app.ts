// Builds the Fastify app from its plugins. main.ts and the tests build the same app.
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Config } from './core/config.ts';
import type { Database } from './db/client.ts';
import envelope from './plugins/envelope.ts';
import auth from './plugins/auth.ts';
import security from './plugins/security.ts';
import staticApp from './plugins/static.ts';
import { registerRoutes } from './routes.ts';
import { constraintErrors, domainHooks } from './domain/hooks.ts';
import { CONTRACT_FORMATS } from './core/formats.ts';
import { MonitorFeed } from './domain/monitor.ts';

function makeAjv(coerce: boolean, useDefaults: boolean) {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults, removeAdditional: true, allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(CONTRACT_FORMATS)) ajv.addFormat(name, format);
  ajv.addKeyword({ keyword: 'example' });
  return ajv;
}

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-webhook-secret"]', 'req.body.password', 'req.body.refreshToken'],
      // Secrets that may ride in a query string (the Monitor's access token, the webhook's
      // secret) stay out of the request log.
      serializers: { req: (req) => ({ method: req.method, url: req.url.replace(/([?&](?:access_token|secret)=)[^&]*/gi, '$1[redacted]'), host: req.host, remoteAddress: req.ip }) },
    },
    bodyLimit: 512 * 1024,
    trustProxy: false,
  });
  // Bodies are checked strictly (a string is not a number); path and query strings are coerced.
  // Defaults belong to creates: an update (PUT) changes only what it names, so a property it
  // leaves out keeps its stored value instead of being reset to the contract's default.
  const createAjv = makeAjv(false, true);
  const updateAjv = makeAjv(false, false);
  const paramAjv = makeAjv(true, true);
  app.setValidatorCompiler(({ schema, httpPart, method }) =>
    (httpPart !== 'body' ? paramAjv : method === 'PUT' ? updateAjv : createAjv).compile(schema));

  // The API speaks JSON only: any other body is a 415, never a string reaching a handler.
  app.removeContentTypeParser('text/plain');
  // …except a form body for the operations that declare one (the Netgsm webhook): its fields as
  // strings, as a JSON body would carry them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const content = (request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined)?.content;
    if (!content?.['application/x-www-form-urlencoded']) {
      done(Object.assign(new Error('unsupported media type'), { statusCode: 415 }), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // The router looks for a parser of every media type the contract names, answers included; an
  // event stream is only ever answered, so a request body of that type is refused.
  app.addContentTypeParser('text/event-stream', (_request, _payload, done) => {
    done(Object.assign(new Error('unsupported media type'), { statusCode: 415 }), undefined);
  });
  await app.register(envelope);
  await app.register(security, { corsOrigins: config.corsOrigins });
  // gzip for the app's files and large answers (brotli at its default quality costs too much CPU
  // to do on every request).
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await app.register(auth, { secret: config.jwtSecret, accessTokenSeconds: config.accessTokenSeconds });
  const crud = { pool: database.pool, encryptionKey: config.encryptionKey, hooks: domainHooks, constraintErrors };
  // The Monitor's streams end before the server waits for open requests to finish (preClose):
  // an event stream never finishes by itself.
  const monitorFeed = new MonitorFeed(database.pool, app.log);
  app.decorate('monitorFeed', monitorFeed);
  app.addHook('preClose', () => monitorFeed.close());
  await registerRoutes(app, {
    crud,
    domain: { pool: database.pool, crud, monitorFeed },
    auth: { pool: database.pool, signAccessToken: (payload) => app.jwt.sign(payload), refreshTokenDays: config.refreshTokenDays },
    authRateLimit: config.authRateLimit,
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } as object }, async () => (await import('../../generated/openapi.json', { with: { type: 'json' } })).default);
  await app.register(staticApp, { root: config.staticRoot });
  return app;
}
