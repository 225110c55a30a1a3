// Claims on the server for every operation: the operation's `x-claim` (from the contract) is
// checked before its handler runs. `public` needs nothing, `authenticated` a valid token,
// anything else that claim or `Admin`. 401 without a valid token, 403 without the claim.
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../core/errors.ts';

export interface AccessTokenPayload {
  sub: string; // user id
  guid: string;
  email: string;
  claims: string[];
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: AccessTokenPayload;
  }
}

export const ADMIN_CLAIM = 'Admin';
export const hasClaim = (claims: readonly string[], claim: string) => claims.includes(ADMIN_CLAIM) || claims.includes(claim);

export function claimOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions.schema as Record<string, unknown> | undefined)?.['x-claim'] as string | undefined;
}

/**
 * The access token of an operation that declares an `access_token` query parameter (the Monitor's
 * event stream: a browser's EventSource cannot send headers), when no Authorization header came.
 */
function queryToken(request: FastifyRequest): string | undefined {
  if (request.headers.authorization) return undefined;
  const query = (request.routeOptions.schema as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring;
  if (!query?.properties?.access_token) return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { secret: string; accessTokenSeconds: number }) {
  // Verified tokens are cached (expiry still checked): a busy screen sends the same token often.
  await app.register(jwt, { secret: opts.secret, sign: { expiresIn: opts.accessTokenSeconds }, verify: { cache: true } });
  app.addHook('onRequest', async (request) => {
    const claim = claimOf(request);
    if (!claim || claim === 'public') return;
    try {
      const token = queryToken(request);
      if (token) request.user = request.server.jwt.verify<AccessTokenPayload>(token);
      else await request.jwtVerify();
    } catch {
      throw unauthorized();
    }
    if (claim !== 'authenticated' && !hasClaim(request.user.claims, claim)) throw forbidden(claim);
  });
});
