// Serves the built browser app (PWA) from the same origin as the API, with an SPA fallback:
// any GET outside /api/ that matches no file gets index.html and the browser router takes over.
import { stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticOptions {
  /** Directory of the built browser app (vite's dist/). */
  root: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Everything that is not content-hashed (index.html, sw.js, the manifest, icons) is revalidated
// on every use (cheap with ETag / Last-Modified), so a deploy is picked up at once.
const REVALIDATE = 'no-cache';

const PLACEHOLDER = `<!doctype html>
<html lang="tr">
<head><meta charset="utf-8"><title>Kurban</title></head>
<body>
<p>API çalışıyor: <a href="/api/v1">/api/v1</a>. Tarayıcı uygulaması henüz derlenmedi.</p>
<p lang="en">The API is running at <a href="/api/v1">/api/v1</a>. The browser app has not been built yet.</p>
</body>
</html>
`;

const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const staticPlugin: FastifyPluginAsync<StaticOptions> = async (app, options) => {
  const root = resolve(options.root);
  const hasApp = await stat(join(root, 'index.html')).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!hasApp) {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER));
    return;
  }

  await app.register(fastifyStatic, {
    root,
    // One route per file found at start-up (the build is immutable while the server runs), so
    // the catch-all below only sees paths that are not files.
    wildcard: false,
    cacheControl: false,
    setHeaders: (reply, path) => {
      const inAssets = relative(root, path).startsWith(`assets${sep}`);
      reply.header('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
    },
  });

  // The public tracking page is an entry of its own (tracking.html, src/tracking/): Turkish at
  // /takip, English at /track, with or without a link's token.
  const hasTracking = await stat(join(root, 'tracking.html')).then((s) => s.isFile(), () => false);
  if (hasTracking) {
    for (const path of ['/takip', '/takip/*', '/track', '/track/*']) app.get(path, async (_request, reply) => reply.sendFile('tracking.html'));
  }

  app.get('/*', async (request, reply) => {
    // API misses get the app's normal (JSON) 404; so does a missing hashed asset, since
    // answering HTML for a stale script would only produce a confusing MIME error.
    if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound();
    return reply.sendFile('index.html');
  });
};

// Not encapsulated: the routes must share the root context so callNotFound() reaches the app's
// own not-found handler, whenever it is set.
export default fp(staticPlugin, { name: 'static', fastify: '5.x' });
