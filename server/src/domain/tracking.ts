// The public tracking page (contract: paths/tracking.yaml; rules/tracking.sql): a customer finds
// an order by its number and a phone number of it (`Tracking/lookup`), or opens the link of a
// text message (`Tracking/{token}`), and follows it live (`Tracking/{token}/events`, Server-Sent
// Events fed by the Monitor's announcements on `kurban_monitor`). No sign-in, so nothing personal
// is answered: the view is built here from a whitelist, the shareholders cut to their initials.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { isDay } from '../../../common/calendar.ts';
import { phoneKey } from '../../../common/phone.ts';
import { HttpError, hasCode, tooManyRequests } from '../core/errors.ts';
import type { Budget } from '../db/rate-limits.ts';
import { EventStream } from '../core/event-stream.ts';
import { ChannelListener } from '../db/channel-listener.ts';
import { initials } from './monitor.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

/** Lookups of one order number: every attempt counts, a right phone starts over; past 5 in 15 minutes the number is locked. */
export const TRACKING_LOCKOUT: Budget = { max: 5, seconds: 15 * 60 };

const notFound = () => new HttpError(404, 'error.tracking.notFound', 'Bu numara ve telefonla bir sipariş bulunamadı.');
const linkExpired = () => new HttpError(404, 'error.tracking.linkExpired', 'Bu takip bağlantısı bulunamadı ya da süresi doldu.');
const locked = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(429, 'error.tracking.locked', `Bu sipariş numarasıyla çok fazla deneme yapıldı; ${minutes} dakika sonra yeniden deneyin.`, { params: { seconds, minutes } });
};

export interface TrackingView {
  status: string;
  shareCount: number;
  animal: string;
  queue: {
    day: string;
    slaughterNo: number;
    step: { code: string | null; name: string; isFinal: boolean } | null;
    slaughtered: boolean;
    ahead: number | null;
    estimatedAt: string | null;
  } | null;
  slots: { type: string | null; startsAt: string; endsAt: string }[];
  total: string;
  paid: string;
  balance: string;
  currency: { code: string; symbol: string; decimals: number };
  shareholders: string[];
}

/** What `kurban_tracking_view` answers: the view with the shareholders' full names, which never leave this file. */
type RawView = Omit<TrackingView, 'shareholders'> & { names: string[] };

/** The view, property by property (a whitelist: a column added to the SQL later is not answered by accident). */
export function toView(raw: RawView): TrackingView {
  const q = raw.queue;
  return {
    status: raw.status,
    shareCount: raw.shareCount,
    animal: raw.animal,
    queue: q
      ? {
          day: q.day,
          slaughterNo: q.slaughterNo,
          step: q.step ? { code: q.step.code, name: q.step.name, isFinal: q.step.isFinal } : null,
          slaughtered: q.slaughtered,
          ahead: q.ahead ?? null,
          estimatedAt: q.estimatedAt ?? null,
        }
      : null,
    slots: raw.slots.map((s) => ({ type: s.type, startsAt: s.startsAt, endsAt: s.endsAt })),
    total: raw.total,
    paid: raw.paid,
    balance: raw.balance,
    currency: { code: raw.currency.code, symbol: raw.currency.symbol, decimals: raw.currency.decimals },
    shareholders: raw.names.map(initials).filter(Boolean),
  };
}

/** `k2026-00001 ` → `K2026-00001`: what the number's count and its match go by. */
const orderNoOf = (typed: string) => typed.trim().toUpperCase();

interface LookupRow {
  locked: boolean;
  retryAfter: number;
  matched: boolean;
  addressHits: number | null;
  addressRetryAfter: number | null;
  view: RawView | null;
  token: string | null;
}

/** One lookup's arguments of `kurban_tracking_lookup` (rules/tracking.sql) that differ between lookups. */
interface LookupArgs {
  typed: string;
  phone: string;
  orderKey: string;
  addressKey: string;
}

interface Waiting {
  args: LookupArgs;
  resolve: (row: LookupRow) => void;
  reject: (err: unknown) => void;
}

/** The most lookups one statement carries. */
const LOOKUPS_PER_STATEMENT = 64;

/**
 * The lookups of this instance, sent to the database together: one statement is under way at a
 * time, and the lookups that arrive meanwhile go together in the next one, each run in turn by
 * `kurban_tracking_lookup` (rules/tracking.sql). On a busy slaughter day a round trip's own cost
 * (waking a database process, a write and a read on each side) is most of a lookup's; alone
 * (nothing under way) a lookup goes at once. One at a time: a lookup's database work is a fraction
 * of a millisecond, so one statement at a time serves thousands a second, and more would only add
 * processes competing for the cores (measured with `npm run bench:season -- --part d`). One
 * statement is one transaction: when it fails, none of its lookups counted, and each is run again
 * alone, in turn, so that one lookup's failure is its own.
 */
export class TrackingLookups {
  private readonly pool: pg.Pool;
  private readonly perAddress: Budget;
  private readonly waiting: Waiting[] = [];
  private sending = false;

  constructor(pool: pg.Pool, perAddress: Budget) {
    this.pool = pool;
    this.perAddress = perAddress;
  }

  lookup(args: LookupArgs): Promise<LookupRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ args, resolve, reject });
      this.send();
    });
  }

  private send() {
    if (this.sending || !this.waiting.length) return;
    this.sending = true;
    void this.settle(this.waiting.splice(0, LOOKUPS_PER_STATEMENT)).finally(() => {
      this.sending = false;
      this.send();
    });
  }

  private async settle(batch: Waiting[]) {
    try {
      const rows = await this.run(batch.map((w) => w.args));
      batch.forEach((w, i) => w.resolve(rows[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const w of batch) {
        try {
          w.resolve((await this.run([w.args]))[0]);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }

  private async run(lookups: LookupArgs[]): Promise<LookupRow[]> {
    // A named statement: each connection plans it once.
    const { rows } = await this.pool.query({
      name: 'kurban-tracking-lookups',
      text: `SELECT r.* FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS l(typed, phone, order_key, address_key, n)
             CROSS JOIN LATERAL kurban_tracking_lookup(l.typed, l.phone, l.order_key, $5, $6, l.address_key, $7) r
             ORDER BY l.n`,
      values: [
        lookups.map((l) => l.typed), lookups.map((l) => l.phone), lookups.map((l) => l.orderKey), lookups.map((l) => l.addressKey),
        TRACKING_LOCKOUT.seconds, TRACKING_LOCKOUT.max, this.perAddress.seconds,
      ],
    });
    return rows as LookupRow[];
  }
}

/** An order's view and link by its number and a phone of it: refused alike for a wrong number and a wrong phone. */
async function lookup(lookups: TrackingLookups, perAddress: Budget, body: { orderNo: string; phone: string }, address: string) {
  const typed = body.orderNo.trim();
  const row = await lookups.lookup({ typed, phone: phoneKey(body.phone), orderKey: `tracking:order:${orderNoOf(typed)}`, addressKey: `tracking:address:${address}` });
  if (row.locked) throw locked(row.retryAfter);
  if (row.matched && row.view && row.token) return { token: row.token, view: toView(row.view) };
  if ((row.addressHits ?? 0) > perAddress.max) throw tooManyRequests(row.addressRetryAfter ?? perAddress.seconds);
  throw notFound();
}

const BY_TOKENS = `
  SELECT l.token, kurban_tracking_view(l.victim_order_id) AS view, (extract(epoch FROM l.expires_at) * 1000)::float8 AS "expiresAt"
  FROM tracking_links l WHERE l.token = ANY($1::text[]) AND l.expires_at > now()`;

/** The views of the live links among `tokens`, by token. */
async function viewsOf(db: pg.Pool, tokens: string[]): Promise<Map<string, { view: TrackingView; expiresAt: number }>> {
  const { rows } = await db.query({ name: 'kurban-tracking-views', text: BY_TOKENS, values: [tokens] });
  return new Map(rows.filter((r) => r.view).map((r) => [r.token as string, { view: toView(r.view as RawView), expiresAt: r.expiresAt as number }]));
}

/** The view of a live link; an unknown or expired token (or a miss past the address's budget) is refused. */
async function viewOf(deps: DomainDeps, token: string, address: string) {
  return deps.limits.failures(`tracking-link:address:${address}`, deps.limits.budgets.perAddress, async () => {
    const found = (await viewsOf(deps.pool, [token])).get(token);
    if (!found) throw linkExpired();
    return found;
  }, hasCode('error.tracking.linkExpired'));
}

/** One open stream of an order's view. */
class TrackingStream extends EventStream {
  readonly token: string;
  /** The day of its animal's queue row (null: not queued): which announcements concern it. */
  day: string | null;
  /** Before its first view is written: announcements only mark it `dirty`. */
  opening = true;
  dirty = false;
  private last = '';

  constructor(token: string, day: string | null, res: ServerResponse, detached: () => void) {
    super(res, detached, 256 * 1024);
    this.token = token;
    this.day = day;
  }

  protected get started() { return !this.opening; }

  /** Writes the view when it differs from the last one written. */
  view(view: TrackingView) {
    this.day = view.queue?.day ?? null;
    const data = JSON.stringify(view);
    if (this.ended || data === this.last) return;
    this.last = data;
    this.write(`event: view\ndata: ${data}\n\n`);
  }
}

/**
 * The open tracking streams of this instance and the LISTEN connection that moves them: every
 * change of a queue row is announced on `kurban_monitor` with its days (rules/queue.sql, the
 * Monitor's feed), and each stream of such a day (or not queued yet: a booking may queue it) gets
 * its view read again, written when it changed. Reads are batched and one at a time, so a
 * stream never receives an older view after a newer one.
 */
export class TrackingFeed {
  pingMs = 20_000;
  private readonly pool: pg.Pool;
  private readonly log: FastifyBaseLogger;
  private readonly listener: ChannelListener;
  private readonly streams = new Set<TrackingStream>();
  private listening?: Promise<void>;
  private closed = false;
  private readonly due = new Set<TrackingStream>();
  private draining = false;

  constructor(pool: pg.Pool, log: FastifyBaseLogger) {
    this.pool = pool;
    this.log = log;
    this.listener = new ChannelListener(pool, 'kurban_monitor', log, {
      notified: (payload) => this.notified(payload),
      // Changes made while nobody listened were not announced: every view is read again.
      connected: (again) => { if (again) this.refresh([...this.streams]); },
    });
  }

  get streamCount() {
    return this.streams.size;
  }

  private ensureListening(): Promise<void> {
    this.listening ??= this.listener.connect().catch((err) => {
      this.listening = undefined;
      throw err;
    });
    return this.listening;
  }

  private notified(payload: string | undefined) {
    let days: string[];
    try {
      const parsed = JSON.parse(payload ?? '') as { days?: unknown };
      if (!Array.isArray(parsed.days)) return;
      days = parsed.days.filter(isDay);
    } catch {
      return;
    }
    this.refresh([...this.streams].filter((s) => s.day === null || days.includes(s.day)));
  }

  private refresh(streams: TrackingStream[]) {
    for (const s of streams) {
      if (s.opening) s.dirty = true;
      else this.due.add(s);
    }
    if (this.due.size && !this.draining) void this.drain();
  }

  private async drain() {
    this.draining = true;
    try {
      while (this.due.size) {
        const batch = [...this.due].filter((s) => !s.ended);
        this.due.clear();
        if (!batch.length) continue;
        let views: Awaited<ReturnType<typeof viewsOf>>;
        try {
          views = await viewsOf(this.pool, [...new Set(batch.map((s) => s.token))]);
        } catch (err) {
          this.log.error({ err }, 'tracking could not read changed views; retrying');
          await new Promise((r) => setTimeout(r, 1000));
          for (const s of batch) this.due.add(s);
          if (this.closed) return;
          continue;
        }
        for (const s of batch) {
          const found = views.get(s.token);
          if (found) s.view(found.view);
          else s.end(); // the link expired or was revoked meanwhile
        }
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Opens the stream of `token` on `res`: registered before its first view is read, so that a
   * change announced meanwhile is read again after it.
   */
  async open(deps: DomainDeps, token: string, address: string, res: ServerResponse): Promise<{ stream: TrackingStream; first: TrackingView }> {
    if (this.closed) throw new HttpError(503, 'error.internal', 'Sunucu kapanıyor, lütfen yeniden deneyin.');
    try {
      await this.ensureListening();
    } catch (err) {
      this.log.error({ err }, 'tracking listener could not connect');
      throw new HttpError(503, 'error.internal', 'Canlı yayın şu anda başlatılamadı, lütfen yeniden deneyin.');
    }
    const stream: TrackingStream = new TrackingStream(token, null, res, () => {
      this.streams.delete(stream);
      this.due.delete(stream);
    });
    this.streams.add(stream);
    let first: { view: TrackingView; expiresAt: number };
    try {
      first = await viewOf(deps, token, address);
    } catch (err) {
      stream.detach();
      throw err;
    }
    res.on('close', () => stream.end());
    stream.every(this.pingMs, () => stream.ping());
    stream.after(first.expiresAt - Date.now(), () => stream.end());
    return { stream, first: first.view };
  }

  /** Writes the first view of a stream `open` answered, then what changed meanwhile. */
  start(stream: TrackingStream, first: TrackingView) {
    stream.view(first);
    stream.opening = false;
    if (stream.dirty) this.refresh([stream]);
  }

  async close() {
    this.closed = true;
    for (const s of [...this.streams]) s.end();
    await this.listener.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    trackingFeed: TrackingFeed;
  }
}

function events(deps: DomainDeps) {
  return {
    async stream(request: FastifyRequest, reply: FastifyReply) {
      const token = (request.params as { token: string }).token;
      const res = reply.raw;
      const { stream, first } = await deps.trackingFeed.open(deps, token, request.ip, res);
      reply.hijack();
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 5000\n\n');
      deps.trackingFeed.start(stream, first);
    },
  };
}

export const tracking: WorkflowModule = {
  operations: (deps: DomainDeps) => {
    const lookups = new TrackingLookups(deps.pool, deps.limits.budgets.perAddress);
    return {
      lookupTracking: async ({ body, address }: OperationInput) => lookup(lookups, deps.limits.budgets.perAddress, body as { orderNo: string; phone: string }, address),
      getTracking: async ({ params, address }: OperationInput) => (await viewOf(deps, String(params.token), address)).view,
      getTrackingEvents: events(deps),
    };
  },
};
