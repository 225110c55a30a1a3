// Builds the Fastify app from its plugins. main.ts and the tests build the same app.
import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import pretty from 'pino-pretty';
import type { Config } from './core/config.ts';
import type { Database } from './db/client.ts';
import envelope, { clientErrorHandler, requestIdOf, sendError } from './plugins/envelope.ts';
import auth from './plugins/auth.ts';
import security from './plugins/security.ts';
import inputGuard from './plugins/input-guard.ts';
import staticApp from './plugins/static.ts';
import { limitConnections, proxyTrust } from './plugins/connection-limit.ts';
import { sweepIdempotencyKeys } from './db/idempotency.ts';
import { registerRoutes } from './routes.ts';
import { constraintErrors, domainHooks } from './domain/hooks.ts';
import { CONTRACT_FORMATS } from './core/formats.ts';
import { MonitorFeed } from './domain/monitor.ts';
import { TrackingFeed } from './domain/tracking.ts';
import { Outbox } from './domain/messages.ts';
import { AccessVersions } from './plugins/access-versions.ts';
import { RateLimits, budgetsOf } from './db/rate-limits.ts';


function makeAjv(coerce: boolean, useDefaults: boolean) {
  const ajv = new Ajv({ coerceTypes: coerce ? 'array' : false, useDefaults, removeAdditional: true, allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(CONTRACT_FORMATS)) ajv.addFormat(name, format);
  ajv.addKeyword({ keyword: 'example' });
  return ajv;
}

// Secrets that may ride in a query string (the Monitor's access token, the webhook's secret)
// stay out of the log. Names are compared as the query parser reads them, decoded and in any
// case: `%73ecret` is `secret` to the router, so it is to the log too.
const SECRET_PARAMS = new Set(['access_token', 'secret']);
const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};
const loggedUrl = (url: string) => {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = url.slice(at + 1).split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    return SECRET_PARAMS.has(decodedName(name)) ? `${name}=[redacted]` : part;
  });
  return `${url.slice(0, at + 1)}${params.join('&')}`;
};

/** One line per request, when it is answered: method, path, status, time and any error code. */
class RequestLines extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const status = reply.statusCode;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime, ...(request.errorCode ? { errorCode: request.errorCode } : {}), ...(error ? { err: error } : {}) };
    const line = `${request.method} ${loggedUrl(request.url)} ${status} ${Math.round(reply.elapsedTime)} ms${request.errorCode ? ` ${request.errorCode}` : ''}`;
    // 503: the server is stopping or its database is away, a state rather than a fault.
    if (error || (status >= 500 && status !== 503)) reply.log.error(fields, line);
    else if (status === 503) reply.log.warn(fields, line);
    else reply.log.info(fields, line);
  }
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers["x-webhook-secret"]', 'req.body.password', 'req.body.refreshToken'],
    serializers: { req: (req: { method: string; url: string; host?: string; ip?: string }) => ({ method: req.method, url: loggedUrl(req.url), host: req.host, remoteAddress: req.ip }) },
  };
  if (config.logFormat !== 'pretty') return config.logStream ? { ...options, stream: config.logStream } : options;
  // Read by a person: the time, the level, the message and the request's id on one line (other
  // fields after it); an error's stack below it. Written synchronously so that nothing is lost at exit.
  const to = config.logStream;
  const stream = pretty({
    destination: to ? new Writable({ write: (chunk, _encoding, done) => { to.write(String(chunk)); done(); } }) : 1,
    sync: true,
    ...(to ? { colorize: false } : {}),
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime,errorCode',
    messageFormat: (log, messageKey) => `${String(log[messageKey] ?? '')}${log.reqId ? ` [${String(log.reqId)}]` : ''}`,
  });
  return { ...options, stream };
}

export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const requestLines = new RequestLines();
  const app = Fastify({
    logger: loggerOptions(config),
    logController: requestLines,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // The router's own refusals (an undecodable or too long path parameter), a request that
    // arrives while closing and a malformed HTTP request answer in the envelope too.
    frameworkErrors: (error, request, reply) => {
      // A reply without a route gets no log line from Fastify: it is written here.
      reply.raw.once('finish', () => requestLines.requestCompleted(null, request, reply));
      return sendError(error, request, reply);
    },
    clientErrorHandler,
    return503OnClosing: false,
    bodyLimit: 512 * 1024,
    // A request (headers and body) must arrive whole within this, on every route, public ones
    // included: a body sent a byte at a time is cut with a 408 rather than holding a socket. Node
    // applies it only when given at creation with a headers timeout no longer than it; it looks
    // for late requests every second (its default is every 30 s).
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: { requestTimeout: config.requestTimeoutSeconds * 1000, headersTimeout: config.requestTimeoutSeconds * 1000, connectionsCheckingInterval: 1000 },
    // Behind a load balancer the client's address (rate limits, logs) comes from its
    // X-Forwarded-For, believed only from the proxies TRUST_PROXY names.
    trustProxy: proxyTrust(config.trustProxy),
    // The answers' serializer picks a `oneOf` branch with its own ajv: it knows the contract's
    // formats too (else every start warns of each one it meets as unknown).
    serializerOpts: { ajv: { formats: CONTRACT_FORMATS } },
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
  limitConnections(app.server, { max: config.maxConnectionsPerAddress, trusted: proxyTrust(config.trustProxy), log: app.log });
  // API answers carry personal data (names, phones, identity numbers, tokens): no browser or
  // proxy cache keeps them. The app's files are cached as static.ts says.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  await app.register(envelope);
  await app.register(inputGuard);
  await app.register(security, { corsOrigins: config.corsOrigins });
  // gzip for the app's files and large answers (brotli at its default quality costs too much CPU
  // to do on every request).
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  // Counted in the database, so that every instance on it counts the same attempts.
  const limits = new RateLimits(database.pool, budgetsOf(config), app.log);
  // Users' access versions and ended sessions, kept current by the database's announcements (one listener per instance).
  const access = new AccessVersions(database.pool, app.log, config.accessTokenSeconds);
  app.addHook('onReady', () => access.start());
  app.addHook('onClose', () => access.close());
  // Idempotency keys past their day answer nothing (a new claim takes their place); their rows are
  // removed hourly by each instance, so the table holds about a day of writes.
  const sweep = setInterval(() => {
    sweepIdempotencyKeys(database.pool).catch((err: Error) => app.log.warn({ err }, 'expired idempotency keys could not be removed'));
  }, 3_600_000).unref();
  app.addHook('onClose', () => clearInterval(sweep));
  await app.register(auth, { secret: config.jwtSecret, accessTokenSeconds: config.accessTokenSeconds, access });
  const crud = { pool: database.pool, encryptionKey: config.encryptionKey, hooks: domainHooks, constraintErrors };
  // The Monitor's streams end before the server waits for open requests to finish (preClose):
  // an event stream never finishes by itself.
  const monitorFeed = new MonitorFeed(database.pool, app.log);
  app.decorate('monitorFeed', monitorFeed);
  app.addHook('preClose', () => monitorFeed.close());
  // The public tracking page's streams, alike (domain/tracking.ts).
  const trackingFeed = new TrackingFeed(database.pool, app.log);
  app.decorate('trackingFeed', trackingFeed);
  app.addHook('preClose', () => trackingFeed.close());
  // The outbox's workers (domain/messages.ts): every instance runs them, on a small pool of their
  // own; they start with the app and stop (finishing the sends under way) when it closes.
  if (config.outbox !== false) {
    const outbox = new Outbox(database.pool.options.connectionString!, config.encryptionKey, app.log, config.outbox);
    app.decorate('outbox', outbox);
    app.addHook('onReady', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());
  }
  await registerRoutes(app, {
    crud,
    domain: { pool: database.pool, crud, monitorFeed, trackingFeed, limits },
    auth: { pool: database.pool, signAccessToken: (payload) => app.jwt.sign(payload), refreshTokenDays: config.refreshTokenDays, limits, sessionEnded: (id) => access.endSession(id) },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } as object }, async () => (await import('../../generated/openapi.json', { with: { type: 'json' } })).default);
  await app.register(staticApp, { root: config.staticRoot });
  return app;
}

/**
 * Stops the app as a supervisor expects: no new connections, requests that arrive on an open
 * one answer 503, the Monitor's streams end (they never finish by themselves), and the requests
 * under way finish. What is still open after `graceMs` is cut, so a stuck request cannot hold the
 * shutdown forever.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => {
    app.log.warn({ graceMs }, 'requests still open at the end of the grace period; closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
