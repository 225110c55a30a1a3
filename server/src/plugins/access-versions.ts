// The access versions of users and the sessions that ended, in memory, kept current by the
// database. Every access token carries its user's version (`ver`) and its session (`sid`, the
// refresh family); the database bumps a user's version on every change that should end their
// access (see migration access_versions), marks a session ended when a token of its family is
// revoked (a sign-out, a reused refresh token; migration session_revocations), and announces
// both on `kurban_access`. One dedicated connection per server instance listens, so every
// instance refuses an older token, or a token of an ended session, on its next request. A request
// costs no query while the listener is up and the user's version and the session are known; an
// unknown one is read once. While the listener is down, nothing in memory is trusted: both are
// read from the database on every request until it is back.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ChannelListener } from '../db/channel-listener.ts';

/** The version of a deleted user: no token is new enough. */
export const GONE = Number.POSITIVE_INFINITY;

/** What a token is checked against: its user's version, and whether its session ended. */
export interface Access {
  version: number;
  ended: boolean;
}

interface Watcher {
  version: number;
  sessionId?: string;
  onStale(): void;
}

/**
 * Whether sessions ended, for the sessions seen lately: one unseen for two periods (the access
 * token's lifetime) is forgotten, so memory follows the sessions in use; a forgotten one is read
 * again if a token of it comes back. Ended only ever becomes true.
 */
class RecentSessions {
  private current = new Map<string, boolean>();
  private previous = new Map<string, boolean>();
  private readonly periodMs: number;
  private rotateAt: number;

  constructor(periodMs: number) {
    this.periodMs = periodMs;
    this.rotateAt = Date.now() + periodMs;
  }

  get(sessionId: string): boolean | undefined {
    this.rotate();
    const ended = this.current.get(sessionId);
    if (ended !== undefined) return ended;
    const before = this.previous.get(sessionId);
    if (before !== undefined) this.current.set(sessionId, before);
    return before;
  }

  set(sessionId: string, ended: boolean) {
    if (!this.get(sessionId)) this.current.set(sessionId, ended);
  }

  clear() {
    this.current.clear();
    this.previous.clear();
  }

  private rotate() {
    const now = Date.now();
    if (now < this.rotateAt) return;
    this.previous = now - this.rotateAt < this.periodMs ? this.current : new Map();
    this.current = new Map();
    this.rotateAt = now + this.periodMs;
  }
}

export class AccessVersions {
  private readonly pool: pg.Pool;
  private readonly log: FastifyBaseLogger;
  private readonly versions = new Map<number, number>();
  private readonly sessions: RecentSessions;
  /** Reads under way, by user and session. */
  private readonly reading = new Map<string, Promise<Access>>();
  private readonly watchers = new Map<number, Set<Watcher>>();
  /** Bumped whenever the versions are forgotten: a read begun before must not be stored. */
  private generation = 0;
  private readonly listener: ChannelListener;
  private starting?: Promise<void>;
  /** Reads from the database (for tests and diagnostics). */
  reads = 0;

  /** `accessTokenSeconds`: how long a session's tokens live, and so how long it is remembered unseen. */
  constructor(pool: pg.Pool, log: FastifyBaseLogger, accessTokenSeconds = 900) {
    this.pool = pool;
    this.log = log;
    this.sessions = new RecentSessions(accessTokenSeconds * 1000);
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

  /** Whether the session ended, as known here, or undefined when it must be read (`read`). */
  sessionKnown(sessionId: string): boolean | undefined {
    return this.listening ? this.sessions.get(sessionId) : undefined;
  }

  /**
   * The user's version (GONE for a deleted user) and whether the session ended, from the
   * database in one query, kept when they can be trusted.
   */
  read(userId: number, sessionId?: string): Promise<Access> {
    const key = `${userId}/${sessionId ?? ''}`;
    const pending = this.reading.get(key);
    if (pending) return pending;
    // Kept only if the listener was up before the read began and nothing was forgotten meanwhile:
    // every change committed after the read's snapshot is then announced to the listener.
    const trusted = this.listening;
    const generation = this.generation;
    this.reads++;
    const read = this.pool
      .query(
        `SELECT coalesce(av.version, 0) AS version,
           EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.family_id = $2::uuid AND rt.revoked_at IS NOT NULL) AS ended
         FROM users u LEFT JOIN access_versions av ON av.user_id = u.id WHERE u.id = $1`,
        [userId, sessionId ?? null],
      )
      .then(({ rows }) => {
        const access: Access = rows.length ? { version: rows[0].version as number, ended: rows[0].ended as boolean } : { version: GONE, ended: true };
        if (trusted && generation === this.generation && this.listening) {
          this.raise(userId, access.version);
          if (sessionId !== undefined) {
            if (access.ended) this.endSession(sessionId);
            else this.sessions.set(sessionId, false);
          }
        }
        return access;
      })
      .finally(() => {
        if (this.reading.get(key) === read) this.reading.delete(key);
      });
    this.reading.set(key, read);
    return read;
  }

  /**
   * The session ended (its refresh tokens were revoked): its tokens are refused from now on.
   * Called for announcements, and by this instance after its own sign-outs so that its next
   * request does not wait for the announcement. True is always safe to keep.
   */
  endSession(sessionId: string) {
    this.sessions.set(sessionId, true);
    for (const [userId, set] of [...this.watchers]) {
      for (const w of [...set]) {
        if (w.sessionId !== sessionId) continue;
        set.delete(w);
        w.onStale();
      }
      if (!set.size && this.watchers.get(userId) === set) this.watchers.delete(userId);
    }
  }

  /**
   * Calls `onStale` once the user's version passes `version` or the session ends (a long-lived
   * answer such as an event stream ends with the access it was opened with). Answers the
   * function that stops it.
   */
  watch(userId: number, version: number, sessionId: string | undefined, onStale: () => void): () => void {
    const watcher: Watcher = { version, sessionId, onStale };
    const set = this.watchers.get(userId) ?? new Set<Watcher>();
    set.add(watcher);
    this.watchers.set(userId, set);
    const stop = () => {
      set.delete(watcher);
      if (!set.size && this.watchers.get(userId) === set) this.watchers.delete(userId);
    };
    // A change between the request's check and now.
    const known = this.known(userId);
    const ended = sessionId === undefined ? false : this.sessionKnown(sessionId);
    if (known !== undefined && ended !== undefined) this.stale(userId, known, ended ? sessionId : undefined);
    else this.recheck(userId, sessionId);
    return stop;
  }

  /**
   * Forgets every version (read again on next use). This instance calls it after its own writes to
   * users and permissions, so its next request sees them without waiting for the announcement.
   */
  forget() {
    this.versions.clear();
    this.sessions.clear();
    this.reading.clear(); // a read begun before would answer the old version
    this.generation++;
  }

  /** Versions only grow: an announcement and a read may arrive in either order. */
  private raise(userId: number, version: number) {
    const old = this.versions.get(userId);
    if (old === undefined || version > old) this.versions.set(userId, version);
    this.stale(userId, version);
  }

  /** Ends the user's watchers older than `version`, and those of `endedSession`. */
  private stale(userId: number, version: number, endedSession?: string) {
    const set = this.watchers.get(userId);
    if (!set) return;
    for (const w of [...set]) {
      if (w.version >= version && (endedSession === undefined || w.sessionId !== endedSession)) continue;
      set.delete(w);
      w.onStale();
    }
    if (!set.size && this.watchers.get(userId) === set) this.watchers.delete(userId);
  }

  private recheck(userId: number, sessionId: string | undefined) {
    this.read(userId, sessionId).then(
      (a) => this.stale(userId, a.version, a.ended ? sessionId : undefined),
      (err) => this.log.warn({ err }, 'access version could not be read'),
    );
  }

  /** Watched users and sessions after versions were forgotten: their changes may have gone unannounced. */
  private recheckWatched() {
    for (const [userId, set] of [...this.watchers]) {
      for (const sessionId of new Set([...set].map((w) => w.sessionId))) this.recheck(userId, sessionId);
    }
  }

  private notified(payload: string | undefined) {
    if (payload === '*') {
      this.forget();
      this.recheckWatched();
      return;
    }
    for (const part of (payload ?? '').split(',')) {
      if (part.startsWith('session:')) {
        this.endSession(part.slice('session:'.length));
        continue;
      }
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
