// At most `max` open connections per client address, so that one address (a script, a slow-body
// attack) cannot hold every socket of the server. Counted on the socket's own peer: an address
// TRUST_PROXY names is a proxy whose connections carry many clients, and is not capped (so a
// reverse proxy on the same machine belongs in TRUST_PROXY, as it does for the rate limits).
// A connection over the cap is closed at once, before a byte of it is read. Per instance: each
// holds its own sockets.
import type { Server, Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Whom TRUST_PROXY trusts, as one function of an address and its hop (0: the socket's peer):
 * Fastify's `trustProxy` for the client's address, and the connection cap for the proxies it
 * does not count. `true`: any; a number: that many hops; text: addresses or CIDRs.
 */
export function proxyTrust(trustProxy: boolean | number | string | undefined): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  if (typeof trustProxy === 'string' && trustProxy.trim()) return proxyAddr.compile(trustProxy.split(',').map((s) => s.trim()).filter(Boolean));
  return () => false;
}

/** Caps the open connections of each address on `server`; `max` 0 turns the cap off. */
export function limitConnections(server: Server, opts: { max: number; trusted: (address: string, hop: number) => boolean; log: FastifyBaseLogger }): void {
  if (opts.max <= 0) return;
  const open = new Map<string, number>();
  /** The last time a refusal of each address was logged: one line a minute, not one a connection. */
  const logged = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || opts.trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > opts.max) {
      const now = Date.now();
      if (now - (logged.get(address) ?? 0) > 60_000) {
        logged.set(address, now);
        opts.log.warn({ address, max: opts.max }, 'too many open connections from one address; refusing more');
      }
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
