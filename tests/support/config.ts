// A server config for tests and benchmarks: fresh secrets, quiet logs, no built app.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../server/src/core/config.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    jwtSecret: randomBytes(32).toString('base64'),
    encryptionKey: randomBytes(32),
    accessTokenSeconds: 900,
    refreshTokenDays: 14,
    corsOrigins: [],
    staticRoot: '/nonexistent',
    authRateLimit: 10_000,
    authLockoutFailures: 10_000,
    authLockoutMinutes: 15,
    requestTimeoutSeconds: 30,
    // Benchmarks open hundreds of connections from loopback; the cap has its own test.
    maxConnectionsPerAddress: 0,
    logLevel: 'silent',
    ...overrides,
  };
}
