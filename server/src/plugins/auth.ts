// Claims on the server for every operation: the operation's `x-claim` (from the contract) is
// checked before its handler runs. `public` needs nothing, `authenticated` a valid token,
// anything else that claim or `Admin`. 401 without a valid token, 403 without the claim.
// A token older than its user's access version (a claim or group removed, the user set passive
// or locked, a new password, "sign out everywhere") is a 401 `error.auth.sessionChanged`: the
// client refreshes, and the refresh re-reads the claims or refuses the user. A token of a session
// that ended (signed out, or its refresh token reused) is a 401 `error.auth.sessionEnded`: its
// refresh is refused too, and the client signs in again.
import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { hasClaim } from '../../../common/claims.ts';
import type { AccessTokenPayload } from '../core/access-token.ts';
import { forbidden, unauthorized } from '../core/errors.ts';
import type { AccessVersions } from './access-versions.ts';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: AccessTokenPayload;
  }
}

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

export const sessionChanged = () =>
  unauthorized('error.auth.sessionChanged', 'Hesabınızın yetkileri ya da durumu değişti; oturumunuzun yenilenmesi gerekiyor.');
const sessionEnded = () => unauthorized('error.auth.sessionEnded', 'Oturumunuz sonlandırıldı, lütfen yeniden giriş yapın.');

/**
 * Writes that can end someone's access: updates and deletes of the authorization entities (claim
 * prefixes in `x-claim`), and the operations that change permissions or end sessions.
 */
const AUTHORIZATION_ENTITIES = new Set(['Users', 'Groups', 'OperationClaims', 'UserClaims', 'GroupClaims', 'UserGroups']);
const ENDS_ACCESS = new Set(['changeUserClaims', 'changeGroupClaims', 'changeUserGroups', 'changeGroupUsers', 'logoutEverywhere', 'logoutUserEverywhere']);

function mayEndAccess(route: RouteOptions): boolean {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (ENDS_ACCESS.has(schema?.operationId as string)) return true;
  const [entity, action] = typeof schema?.['x-claim'] === 'string' ? schema['x-claim'].split('.') : [];
  return AUTHORIZATION_ENTITIES.has(entity) && (action === 'Update' || action === 'Delete');
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { secret: string; accessTokenSeconds: number; access: AccessVersions }) {
  const { access } = opts;
  // Verified tokens are cached (expiry still checked): a busy screen sends the same token often.
  // Per instance, and safe so: the cache vouches for the signature only; whether the token's user
  // still has access is checked on every request below, against the access versions every
  // instance learns from the database.
  await app.register(jwt, { secret: opts.secret, sign: { expiresIn: opts.accessTokenSeconds }, verify: { cache: true } });
  app.decorate('accessVersions', access);
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
    // From memory on almost every request: a query only for a user not seen since the last change.
    const userId = Number(request.user.sub);
    if (!Number.isInteger(userId)) throw unauthorized();
    const sessionId = typeof request.user.sid === 'string' ? request.user.sid : undefined;
    let version = access.known(userId);
    let ended = sessionId === undefined ? false : access.sessionKnown(sessionId);
    if (version === undefined || ended === undefined) ({ version, ended } = await access.read(userId, sessionId));
    if ((request.user.ver ?? 0) < version) throw sessionChanged();
    if (ended) throw sessionEnded();
    if (claim !== 'authenticated' && !hasClaim(request.user.claims, claim)) throw forbidden(claim);
  });
  // After this instance's own write, its next request must not wait for the database's
  // announcement: the versions are read again (the write has committed before its answer).
  app.addHook('onRoute', (route) => {
    if (!mayEndAccess(route)) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, async (_request, _reply, payload) => {
      access.forget();
      return payload;
    }] as RouteOptions['onSend'];
  });
});
