// The call log of the last week as Netgsm would have posted it: answered, missed and busy calls,
// callbacks to missed callers, matched to accounts by the last 10 digits of the customer's number.
import { addDays, at } from './calendar.ts';
import type { DemoContext } from './demo-context.ts';
import { FARM_LINE } from './demo-data.ts';
import type { DemoAccount } from './demo-people.ts';
import { phoneKey } from '../../../../common/phone.ts';
import { makeMobile } from './random.ts';
import { insertRows } from './sql.ts';

const CALL_COUNT = 30;
const DAYS = 7;

type Kind = 'inAnswered' | 'inMissed' | 'inBusy' | 'outAnswered' | 'outMissed';

interface Call {
  receivedAt: Date;
  startedAt: Date;
  uniqueId: string;
  direction: 'inbound' | 'outbound';
  status: 'answered' | 'missed' | 'busy';
  /** The customer's side of the call: the caller of an inbound call, the called of an outbound one. */
  other: string | null;
  duration: number;
  calledBackAt: Date | null;
}

/** E.164 without spaces, as the provider reports numbers. */
const e164 = (phone: string) => `+${phone.replace(/\D/g, '')}`;

const NETGSM_STATUS = { answered: 'ANSWER', missed: 'NOANSWER', busy: 'BUSY' } as const;

export async function seedCalls(ctx: DemoContext, accounts: DemoAccount[]): Promise<number> {
  const calls = planCalls(ctx, accounts);
  const byPhone = new Map<string, number[]>();
  for (const a of accounts) if (a.phone) byPhone.set(phoneKey(a.phone), [...(byPhone.get(phoneKey(a.phone)) ?? []), a.id]);
  const istanbul = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

  await insertRows(ctx.db, 'netgsm_call_webhook_logs', calls.map((c) => {
    const caller = c.direction === 'inbound' ? c.other : FARM_LINE;
    const called = c.direction === 'inbound' ? FARM_LINE : c.other;
    const matches = c.other ? byPhone.get(phoneKey(c.other)) ?? [] : [];
    // What the provider sent, secret removed (it never reaches the log).
    const rawPayload = JSON.stringify({
      uniqueid: c.uniqueId, caller: caller ?? 'anonymous', called, direction: c.direction === 'inbound' ? 'IN' : 'OUT',
      status: NETGSM_STATUS[c.status], duration: c.duration, start_date: istanbul(c.startedAt),
    });
    return {
      received_at: c.receivedAt.toISOString(), unique_id: c.uniqueId, caller_number: caller, called_number: called, direction: c.direction,
      status: c.status, duration_seconds: c.duration, started_at: c.startedAt.toISOString(), raw_payload: rawPayload,
      account_id: matches.length === 1 ? matches[0] : null, called_back_at: c.calledBackAt?.toISOString() ?? null,
      created_at: c.receivedAt.toISOString(), updated_at: c.receivedAt.toISOString(),
    };
  }));
  return calls.length;
}

function planCalls(ctx: DemoContext, accounts: DemoAccount[]): Call[] {
  const { rnd, season } = ctx;
  const customers = accounts.filter((a) => (a.kind === 'customer' || a.kind === 'donor') && a.phone);
  const strangers = Array.from({ length: 6 }, () => makeMobile(rnd));
  // Calls come in during office hours (08:30–20:00 in Istanbul) over the last week, none in the last half hour.
  const latest = season.now.getTime() - 30 * 60_000;
  const times = Array.from({ length: CALL_COUNT }, () => {
    const t = Date.parse(at(addDays(season.today, -rnd.int(0, DAYS - 1)), rnd.int(510, 1200))) + rnd.int(0, 59) * 1000;
    return t > latest ? t - 86_400_000 : t;
  }).sort((a, b) => a - b);
  const calls: Call[] = [];
  const waiting: Call[] = []; // missed or busy inbound calls not yet called back

  for (let i = 0; i < CALL_COUNT; i++) {
    const receivedAt = new Date(times[i]);
    let kind = rnd.weighted([['inAnswered', 12], ['inMissed', 8], ['inBusy', 3], ['outAnswered', 5], ['outMissed', 2]] as const) as Kind;
    const callback = kind.startsWith('out') ? waiting.find((c) => c.other) : undefined;
    if (kind.startsWith('out') && !callback) kind = 'inAnswered'; // nobody to call back yet
    const direction = kind.startsWith('in') ? 'inbound' : 'outbound';
    const status = kind.endsWith('Answered') ? 'answered' : kind === 'inBusy' ? 'busy' : 'missed';
    // Callers: mostly customers, some unknown numbers, now and then a withheld number.
    const other = callback?.other
      ?? (rnd.chance(0.05) && status === 'missed' ? null : rnd.chance(0.75) ? rnd.pick(customers).phone! : rnd.pick(strangers));
    const duration = status === 'answered' ? rnd.int(20, 420) : 0;
    const call: Call = {
      receivedAt, startedAt: new Date(receivedAt.getTime() - (duration + rnd.int(2, 25)) * 1000),
      uniqueId: `${Math.floor(receivedAt.getTime() / 1000)}.${1000 + i}`, direction, status, other: other ? e164(other) : null, duration, calledBackAt: null,
    };
    // A later outbound call to the number, or an answered call from it, settles a missed one.
    const settles = direction === 'outbound' || status === 'answered';
    for (const w of [...waiting]) {
      if (settles && w.other && w.other === call.other) {
        w.calledBackAt = receivedAt;
        waiting.splice(waiting.indexOf(w), 1);
      }
    }
    if (direction === 'inbound' && status !== 'answered') waiting.push(call);
    calls.push(call);
  }
  return calls;
}
