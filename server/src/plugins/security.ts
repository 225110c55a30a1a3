// Security headers (helmet + a CSP for the same-origin Vite-built PWA) and CORS, closed unless
// origins are configured. Wrapped with fastify-plugin so the hooks apply to the whole app.
import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Origins allowed to call the API from another site; empty means same-origin only. */
  corsOrigins: string[];
}

const securityPlugin: FastifyPluginAsync<SecurityOptions> = async (app, { corsOrigins }) => {
  // helmet's middleware, built once and run on every request's raw response. (@fastify/helmet
  // built it again on every request: parsing the policy cost more than setting the headers.)
  const setHeaders = helmet({
    contentSecurityPolicy: {
      // Exactly these directives: helmet's defaults add `upgrade-insecure-requests`, which breaks
      // a plain-HTTP install on the farm's local network.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Inline styles: React `style` props and libraries that inject <style> at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  if (corsOrigins.length > 0) {
    await app.register(cors, { origin: corsOrigins, credentials: false });
  }
};

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
