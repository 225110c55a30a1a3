// What an access token carries: signed by sign-in and refresh (domain/auth.ts), checked on every
// request (plugins/auth.ts).
export interface AccessTokenPayload {
  sub: string; // user id
  guid: string;
  email: string;
  claims: string[];
  /** The user's access version when the token was signed; none counts as 0. */
  ver?: number;
  /** The session: the family of the refresh token issued with it. */
  sid?: string;
}
