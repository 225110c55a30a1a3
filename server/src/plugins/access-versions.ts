// The access versions of users, in memory, kept current by the database. Every access token
// carries its user's version (`ver`); the database bumps a user's version on every change that
// should end their access (see migration access_versions) and announces it on `kurban_access`.
// One dedicated connection per server instance listens, so every instance refuses an older token
// on its next request. A request costs no query while the listener is up and the user's version
// is known; an unknown one is read once. While the listener is down, nothing in memory is trusted:
// versions are read from the database on every request until it is back.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ChannelListener } from './channel-listener.ts';

/** The version of a deleted user: no token is new enough. */
export const GONE = Number.POSITIVE_INFINITY;

interface Watcher {
  version: number;
  onStale(): void;
}

export class AccessVersions {
  private readonly pool: pg.Pool;
  private readonly log: FastifyBaseLogger;
  private readonly versions = new Map<number, number>();
  private readonly reading = new Map<number, Promise<number>>();
  private readonly watchers = new Map<number, Set<Watcher>>();
  /** Bumped whenever the versions are forgotten: a read begun before must not be stored. */
  private generation = 0;
  private readonly listener: ChannelListener;
  private starting?: Promise<void>;
  /** Versions read from the database (for tests and diagnostics). */
  reads = 0;

  constructor(pool: pg.Pool, log: FastifyBaseLogger) {
    this.pool = pool;
    this.log = log;
    this.listener = new ChannelListener(pool, 'kurban_access', log, {
      notified: (payload) => this.notified(payload),
      // Reads begun before LISTEN may have missed announcements: start from nothing.
      connected: () => {
        this.forget();
        this.recheckWatched();
      },
      lost: () => this.forget(),
    });
  }

  get listening(): boolean {
    return this.listener.listening;
  }

  /** The backend pid of the LISTEN connection (for tests and diagnostics), if connected. */
  get listenerPid(): number | undefined {
    return this.listener.pid;
  }

  /** Connects the listener; when that fails it keeps trying in the background. */
  start(): Promise<void> {
    this.starting ??= this.listener.connect().catch((err) => {
      this.log.warn({ err }, 'access listener could not connect; retrying');
      void this.listener.retry();
    });
    return this.starting;
  }

  /** The user's version as known here, or undefined when it must be read (`read`). */
  known(userId: number): number | undefined {
    return this.listening ? this.versions.get(userId) : undefined;
  }

  /** The user's version from the database (GONE for a deleted user), kept when it can be trusted. */
  read(userId: number): Promise<number> {
    const pending = this.reading.get(userId);
    if (pending) return pending;
    // Kept only if the listener was up before the read began and nothing was forgotten meanwhile:
    // every change committed after the read's snapshot is then announced to the listener.
    const trusted = this.listening;
    const generation = this.generation;
    this.reads++;
    const read = this.pool
      .query('SELECT coalesce(av.version, 0) AS version FROM users u LEFT JOIN access_versions av ON av.user_id = u.id WHERE u.id = $1', [userId])
      .then(({ rows }) => {
        const version = rows.length ? (rows[0].version as number) : GONE;
        if (trusted && generation === this.generation && this.listening) this.raise(userId, version);
        return version;
      })
      .finally(() => {
        if (this.reading.get(userId) === read) this.reading.delete(userId);
      });
    this.reading.set(userId, read);
    return read;
  }

  /**
   * Calls `onStale` once the user's version passes `version` (a long-lived answer such as an
   * event stream ends with the access it was opened with). Answers the function that stops it.
   */
  watch(userId: number, version: number, onStale: () => void): () => void {
    const watcher: Watcher = { version, onStale };
    const set = this.watchers.get(userId) ?? new Set<Watcher>();
    set.add(watcher);
    this.watchers.set(userId, set);
    const stop = () => {
      set.delete(watcher);
      if (!set.size && this.watchers.get(userId) === set) this.watchers.delete(userId);
    };
    // A change between the request's check and now.
    const known = this.known(userId);
    if (known !== undefined) this.stale(userId, known);
    else this.read(userId).then((v) => this.stale(userId, v), (err) => this.log.warn({ err }, 'access version could not be read'));
    return stop;
  }

  /**
   * Forgets every version (read again on next use). This instance calls it after its own writes to
   * users and permissions, so its next request sees them without waiting for the announcement.
   */
  forget() {
    this.versions.clear();
    this.reading.clear(); // a read begun before would answer the old version
    this.generation++;
  }

  /** Versions only grow: an announcement and a read may arrive in either order. */
  private raise(userId: number, version: number) {
    const old = this.versions.get(userId);
    if (old === undefined || version > old) this.versions.set(userId, version);
    this.stale(userId, version);
  }

  private stale(userId: number, version: number) {
    const set = this.watchers.get(userId);
    if (!set) return;
    for (const w of [...set]) {
      if (w.version >= version) continue;
      set.delete(w);
      w.onStale();
    }
    if (!set.size && this.watchers.get(userId) === set) this.watchers.delete(userId);
  }

  /** Watched users after versions were forgotten: their changes may have gone unannounced. */
  private recheckWatched() {
    for (const userId of [...this.watchers.keys()]) {
      this.read(userId).then((v) => this.stale(userId, v), (err) => this.log.warn({ err }, 'access version could not be read'));
    }
  }

  private notified(payload: string | undefined) {
    if (payload === '*') {
      this.forget();
      this.recheckWatched();
      return;
    }
    for (const part of (payload ?? '').split(',')) {
      const [id, v] = part.split(':');
      const userId = Number(id);
      const version = v === 'gone' ? GONE : Number(v);
      if (Number.isInteger(userId) && (version === GONE || Number.isInteger(version))) this.raise(userId, version);
    }
  }

  close(): Promise<void> {
    return this.listener.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    accessVersions: AccessVersions;
  }
}
