// Security headers (helmet + a CSP for the same-origin Vite-built PWA) and CORS, closed unless
// origins are configured. Wrapped with fastify-plugin so the hooks apply to the whole app.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Origins allowed to call the API from another site; empty means same-origin only. */
  corsOrigins: string[];
}

const securityPlugin: FastifyPluginAsync<SecurityOptions> = async (app, { corsOrigins }) => {
  await app.register(helmet, {
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
  if (corsOrigins.length > 0) {
    await app.register(cors, { origin: corsOrigins, credentials: false });
  }
};

export default fp(securityPlugin, { name: 'security', fastify: '5.x' });
