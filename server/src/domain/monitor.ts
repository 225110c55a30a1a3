// The Monitor: the day's slaughter board (`Monitor/board`) and its live feed (`Monitor/events`,
// Server-Sent Events). The board hangs in a public hall, so it carries the shareholders' initials
// only. The database announces every change of a queue row (or of its animal's shareholders) on
// the channel `kurban_monitor` at commit; one dedicated connection per server instance listens,
// computes each changed entry once and writes it to every open stream of that day.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import pg from 'pg';
import { isDay, istanbulToday } from '../../../common/calendar.ts';
import { HttpError, badRequest, fieldError } from '../core/errors.ts';
import { EventStream } from '../core/event-stream.ts';
import { ChannelListener } from '../db/channel-listener.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

export interface MonitorEntry {
  id: number;
  slaughterNo: number;
  animalCode: string;
  slotStartsAt: string;
  stepId: number | null;
  shareholders: string[];
  updatedAt: string;
}
export interface MonitorBoard {
  date: string;
  steps: { id: number; name: string; code: string | null; color: string; stepOrder: number; isFinal: boolean }[];
  entries: MonitorEntry[];
}

/** `Ahmet Yılmaz` → `A. Y.`, `ismail çelik` → `İ. Ç.`: the first letter of each word, upper-cased the Turkish way. */
export function initials(name: string): string {
  return name
    .normalize('NFC')
    .split(/\s+/u)
    .map((word) => word.match(/\p{L}/u)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .map((letter) => `${letter.toLocaleUpperCase('tr-TR')}.`)
    .join(' ');
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One queue row as JSON. The shareholders' names leave the database only to be cut to initials
 * here (PostgreSQL's upper() is not Turkish-aware without an ICU collation); nothing else
 * personal is selected at all.
 */
const ENTRY_JSON = `json_build_object(
  'id', q.id, 'slaughterNo', q.slaughter_no, 'animalCode', p.code, 'slotStartsAt', ${iso('a.starts_at')},
  'stepId', q.current_step_id, 'updatedAt', ${iso('q.updated_at')},
  'names', ARRAY(SELECT d.shareholder_name FROM victim_order_details d
                 WHERE d.product_id = q.product_id AND d.order_active ORDER BY d.share_no, d.id))`;
const ENTRY_FROM = `victim_products_appointments q JOIN products p ON p.id = q.product_id JOIN appointments a ON a.id = q.appointment_id`;

type RawEntry = Omit<MonitorEntry, 'shareholders'> & { names: string[] };
const toEntry = ({ names, ...rest }: RawEntry): MonitorEntry => ({ ...rest, shareholders: names.map(initials).filter(Boolean) });

/** The day's board in one query: every step (the legend) and the day's animals by slaughter number. */
export async function loadBoard(db: pg.Pool | pg.PoolClient, day: string): Promise<MonitorBoard> {
  const { rows } = await db.query(
    `SELECT
       (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'code', s.code, 'color', s.color, 'stepOrder', s.step_order, 'isFinal', s.is_final)
                                 ORDER BY s.step_order, s.id), '[]'::json)
        FROM victim_appointment_steps s) AS steps,
       (SELECT coalesce(json_agg(${ENTRY_JSON} ORDER BY q.slaughter_no, q.id), '[]'::json)
        FROM ${ENTRY_FROM} WHERE q.slaughter_day = $1::date) AS entries`,
    [day],
  );
  return { date: day, steps: rows[0].steps, entries: (rows[0].entries as RawEntry[]).map(toEntry) };
}

/** The rows of `ids` as they are now, with their day. */
async function loadEntries(db: pg.Pool, ids: number[]): Promise<Map<number, { day: string; entry: MonitorEntry }>> {
  const { rows } = await db.query(`SELECT q.id, q.slaughter_day AS day, ${ENTRY_JSON} AS entry FROM ${ENTRY_FROM} WHERE q.id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((r) => [r.id as number, { day: r.day as string, entry: toEntry(r.entry as RawEntry) }]));
}

/** One open event stream of a day's board. */
class MonitorStream extends EventStream {
  private seq = 0;
  /** Changes that arrive before the snapshot is written; null once it is (see `MonitorFeed.open`). */
  pending: { tick: number; name: 'snapshot' | 'change'; data: string }[] | null = [];
  readonly day: string;
  readonly snapshotTick: number;

  constructor(day: string, snapshotTick: number, res: ServerResponse, detached: () => void) {
    super(res, detached, 1024 * 1024);
    this.day = day;
    this.snapshotTick = snapshotTick;
  }

  protected get started() { return this.pending === null; }

  /** Writes the snapshot, then the changes read after it (earlier ones are in it already). */
  start(board: string) {
    const pending = this.pending ?? [];
    this.pending = null;
    this.event('snapshot', board);
    for (const p of pending) if (p.tick > this.snapshotTick) this.event(p.name, p.data);
  }

  event(name: 'snapshot' | 'change', data: string) {
    this.write(`id: ${++this.seq}\nevent: ${name}\ndata: ${data}\n\n`);
  }

  /** An event the feed read at `tick`: written now, or after the snapshot when it is newer. */
  send(tick: number, name: 'snapshot' | 'change', data: string) {
    if (this.pending) this.pending.push({ tick, name, data });
    else this.event(name, data);
  }
}

interface Notice { id: number; days: string[] }

/** The LISTEN connection of this server instance and its open streams, by day. */
export class MonitorFeed {
  /** How often a comment keeps idle proxies from closing a stream. */
  pingMs = 20_000;
  private readonly pool: pg.Pool;
  private readonly log: FastifyBaseLogger;
  private readonly byDay = new Map<string, Set<MonitorStream>>();
  private readonly listener: ChannelListener;
  private listening?: Promise<void>;
  private closed = false;
  /** Orders reads: a change read before a stream's snapshot was read is already in that snapshot. */
  private tick = 0;
  private queue: Notice[] = [];
  /** Every stream needs a fresh snapshot (changes may have gone unannounced or unread). */
  private resyncDue = false;
  private draining = false;

  constructor(pool: pg.Pool, log: FastifyBaseLogger) {
    this.pool = pool;
    this.log = log;
    this.listener = new ChannelListener(pool, 'kurban_monitor', log, {
      notified: (payload) => this.notified(payload),
      connected: (again) => {
        if (!again) return;
        // Changes made while nobody listened were not announced: every stream starts over.
        this.resyncDue = true;
        if (!this.draining) void this.drain();
      },
    });
  }

  get streamCount() {
    let n = 0;
    for (const set of this.byDay.values()) n += set.size;
    return n;
  }

  /** The backend pid of the LISTEN connection (for tests and diagnostics), if connected. */
  get listenerPid(): number | undefined {
    return this.listener.pid;
  }

  /** Connects the listener on first use; later drops reconnect in the background. */
  private ensureListening(): Promise<void> {
    this.listening ??= this.listener.connect().catch((err) => {
      this.listening = undefined;
      throw err;
    });
    return this.listening;
  }

  /** A fresh snapshot to every open stream. */
  private async resync() {
    const tick = ++this.tick;
    for (const [day, streams] of [...this.byDay]) {
      const board = JSON.stringify(await loadBoard(this.pool, day));
      for (const s of streams) s.send(tick, 'snapshot', board);
    }
  }

  private notified(payload: string | undefined) {
    let notice: Notice;
    try {
      const parsed = JSON.parse(payload ?? '') as { id?: unknown; days?: unknown };
      if (!Number.isInteger(parsed.id) || !Array.isArray(parsed.days)) return;
      notice = { id: parsed.id as number, days: parsed.days.filter(isDay) };
    } catch {
      return;
    }
    if (!notice.days.some((d) => this.byDay.has(d))) return; // no board of that day is open here
    this.queue.push(notice);
    if (!this.draining) void this.drain();
  }

  /**
   * Notices in arrival order, in batches: each changed row is read once per batch, for every
   * stream. One drain at a time, so what a stream receives is never older than what it has.
   */
  private async drain() {
    this.draining = true;
    try {
      while (this.queue.length || this.resyncDue) {
        if (this.resyncDue) {
          this.resyncDue = false;
          await this.resync().catch((err) => this.log.error({ err }, 'monitor could not resend the boards'));
          continue;
        }
        const batch = this.queue.splice(0);
        const tick = ++this.tick;
        const byIdDay = new Map<string, { id: number; day: string }>();
        for (const n of batch) for (const day of n.days) if (this.byDay.has(day)) byIdDay.set(`${n.id}|${day}`, { id: n.id, day });
        if (!byIdDay.size) continue;
        let rows: Awaited<ReturnType<typeof loadEntries>>;
        try {
          rows = await loadEntries(this.pool, [...new Set([...byIdDay.values()].map((x) => x.id))]);
        } catch (err) {
          this.log.error({ err }, 'monitor could not read changed entries; the boards will be resent');
          this.resyncDue = true;
          continue;
        }
        for (const { id, day } of byIdDay.values()) {
          const row = rows.get(id);
          // Null: the row left this day (moved to another slot's day) or was deleted.
          const data = JSON.stringify({ date: day, id, entry: row && row.day === day ? row.entry : null });
          for (const s of this.byDay.get(day) ?? []) s.send(tick, 'change', data);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Opens a stream of `day` on `res` and reads its snapshot. The stream is registered before the
   * snapshot is read, so no change committed meanwhile is missed: changes read before the
   * snapshot are dropped (it holds them already), later ones are written after it.
   */
  async open(day: string, res: ServerResponse, expiresAt: number | undefined): Promise<{ stream: MonitorStream; board: string }> {
    if (this.closed) throw new HttpError(503, 'error.internal', 'Sunucu kapanıyor, lütfen yeniden deneyin.');
    try {
      await this.ensureListening();
    } catch (err) {
      this.log.error({ err }, 'monitor listener could not connect');
      throw new HttpError(503, 'error.internal', 'Canlı yayın şu anda başlatılamadı, lütfen yeniden deneyin.');
    }
    const set = this.byDay.get(day) ?? new Set<MonitorStream>();
    const stream: MonitorStream = new MonitorStream(day, ++this.tick, res, () => {
      set.delete(stream);
      if (!set.size && this.byDay.get(day) === set) this.byDay.delete(day);
    });
    set.add(stream);
    this.byDay.set(day, set);
    res.on('close', () => stream.end());
    stream.every(this.pingMs, () => stream.ping());
    // The stream ends with the token; the client reconnects with a fresh one.
    if (expiresAt !== undefined) stream.after(expiresAt - Date.now(), () => stream.end());
    try {
      return { stream, board: JSON.stringify(await loadBoard(this.pool, day)) };
    } catch (err) {
      stream.detach();
      throw err;
    }
  }

  /** Ends every stream and the listener (the app is closing). */
  async close() {
    this.closed = true;
    for (const set of [...this.byDay.values()]) for (const s of [...set]) s.end();
    await this.listener.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    monitorFeed: MonitorFeed;
  }
}

/** The day asked for (today in Istanbul by default); one the database cannot hold (0000-01-01) is a 400. */
function dayOf(query: Record<string, unknown>): string {
  if (typeof query.date !== 'string') return istanbulToday();
  if (!isDay(query.date)) throw badRequest([fieldError('date', 'format', { format: 'date' })]);
  return query.date;
}

function events(feed: MonitorFeed) {
  return {
    async stream(request: FastifyRequest, reply: FastifyReply) {
      // The auth hook has verified the token (header or `access_token`) and the claim.
      const exp = (request.user as { exp?: number } | undefined)?.exp;
      const res = reply.raw;
      const { stream, board } = await feed.open(dayOf(request.query as Record<string, unknown>), res, exp ? exp * 1000 : undefined);
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no', // nginx: pass events through at once
      });
      res.write('retry: 3000\n\n');
      stream.start(board);
      // The stream also ends with the user's access or the session (their reconnection is then refused).
      const user = request.user as { sub?: string; ver?: number; sid?: string } | undefined;
      if (user?.sub) res.on('close', request.server.accessVersions.watch(Number(user.sub), user.ver ?? 0, user.sid, () => stream.end()));
    },
  };
}

export const monitor: WorkflowModule = {
  operations: (deps: DomainDeps) => ({
    getMonitorBoard: async ({ query }: OperationInput) => loadBoard(deps.pool, dayOf(query)),
    getMonitorEvents: events(deps.monitorFeed),
  }),
};
