// The server's settings. Only main.ts builds one (from the environment); tests build their own.
export interface Config {
  port: number;
  host: string;
  /** Secret that signs access tokens. */
  jwtSecret: string;
  /** Key (32 bytes, base64) that encrypts writeOnly secrets such as virtual POS keys. */
  encryptionKey: Buffer;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  corsOrigins: string[];
  /** The built browser app, served on the same port. */
  staticRoot: string;
  /** Sign-in and refresh attempts allowed per address and minute. */
  authRateLimit: number;
  logLevel: string;
}
