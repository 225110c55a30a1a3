// Valid rows for any entity, made from the contract alone: so a new entity is covered by the
// contract-driven tests with no new test code. Deterministic (seeded), unique where it must be.
import { createRequire } from 'node:module';
import contract from '../../generated/openapi.json' with { type: 'json' };
import type { FastifyInstance } from 'fastify';
import { call } from './app.ts';

type Schema = Record<string, any>;
// randexp is CommonJS whose typings claim an ES default export; require it as it is.
const RandExp = createRequire(import.meta.url)('randexp') as typeof import('randexp').default;
export const schemas = (contract as Schema).components.schemas as Record<string, Schema>;

export interface EntityInfo {
  name: string;
  plural: string;
  claims: string;
  operations: string[];
  idPayloadName: string;
}

export const entityInfos: EntityInfo[] = Object.entries(schemas)
  .filter(([, s]) => s['x-entity'])
  .map(([name, s]) => ({
    name,
    plural: s['x-entity'].plural,
    claims: s['x-entity'].claims ?? s['x-entity'].plural,
    operations: s['x-entity'].operations ?? ['list', 'page', 'get', 'create', 'update', 'delete'],
    idPayloadName: s['x-entity'].idPayloadName ?? 'id',
  }));
export const entityInfo = (name: string) => entityInfos.find((e) => e.name === name)!;

let seed = 20260527;
export function random(): number {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
let counter = 0;
const unique = () => `${(++counter).toString(36)}${Math.floor(random() * 1e6).toString(36)}`;

export function validTckn(): string {
  const d = [1 + Math.floor(random() * 9), ...Array.from({ length: 8 }, () => Math.floor(random() * 10))];
  const d10 = ((((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10) + 10) % 10;
  const d11 = (d.reduce((a, b) => a + b, 0) + d10) % 10;
  return [...d, d10, d11].join('');
}

/** A valid value for one property schema; lookups are resolved by `ref`. */
export async function valueFor(s: Schema, ref: (entity: string) => Promise<number | null>): Promise<unknown> {
  if (s['x-lookup']) return ref(s['x-lookup']);
  if (s.enum) return s.default ?? s.enum.find((v: unknown) => v !== null);
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((t) => t !== 'null');
  if (type === 'boolean') return s.default ?? true;
  if (type === 'integer') return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1000, (s.minimum ?? 0) + 1 + Math.floor(random() * 5)));
  if (type === 'number') return s.minimum !== undefined && s.maximum !== undefined ? (s.minimum + s.maximum) / 2 : 10;
  if (type === 'object') return {};
  if (type === 'array') return [];
  const byFormat = formatValue(s.format);
  // A format's value that breaks the property's own pattern gives way to the pattern.
  if (byFormat !== undefined && (!s.pattern || new RegExp(s.pattern).test(byFormat))) return byFormat;
  if (s.pattern) return fromPattern(s);
  const text = `Test ${unique()} Çağrı`;
  const max = s.maxLength ?? 100;
  return text.length > max ? text.slice(text.length - max) : text.padEnd(s.minLength ?? 0, 'x');
}

function formatValue(format: string | undefined): string | undefined {
  switch (format) {
    case 'date': return '2026-05-27';
    case 'date-time': return '2026-05-27T09:30:00.000Z';
    case 'email': return `user-${unique()}@example.com`;
    case 'uuid': return crypto.randomUUID();
    case 'money': return '1250.50';
    case 'decimal': return '412.500';
    case 'color': return '#10b981';
    case 'phone': return `+90 5${Math.floor(random() * 1e9).toString().padStart(9, '0')}`;
    case 'identity-number': return validTckn();
  }
  return undefined;
}

function fromPattern(s: Schema): string {
  const gen = new RandExp(s.pattern);
  gen.max = 4;
  gen.randInt = (a: number, b: number) => a + Math.floor(random() * (b - a + 1));
  for (let i = 0; i < 50; i++) {
    const v = gen.gen();
    if (v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? 1e9)) return v;
  }
  throw new Error(`cannot make a value for pattern ${s.pattern}`);
}

/** Every value of a unique enum is taken: no new row of the entity can exist. */
export class ExhaustedError extends Error {
  readonly field: string;
  readonly value: unknown;
  constructor(field: string, value: unknown) {
    super(`every value of ${field} is taken`);
    this.field = field;
    this.value = value;
  }
}

type Body = Record<string, unknown>;

let slot = 0;
/** A start time no other fixture slot has (a type has at most one slot per start). */
function nextSlot(): { startsAt: string; endsAt: string } {
  // In the future (a booking is never made into a slot that has started): next year, from 26 May.
  const start = Date.UTC(new Date().getUTCFullYear() + 1, 4, 26, 6, 0) + ++slot * 3_600_000;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 30 * 60_000).toISOString() };
}
let period = 0;
/** A price period no other fixture price overlaps. */
function nextPeriod(): { validFrom: string; validTo: string } {
  const from = Date.UTC(2027, 0, 1) + ++period * 10 * 86_400_000;
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { validFrom: day(from), validTo: day(from + 5 * 86_400_000) };
}

/**
 * The business rules the contract's schemas cannot state, per entity: values (payload names) set
 * before the generated ones, so a lookup named here makes no row of its own. Each keeps the row
 * valid and independent of the other rows a test makes.
 */
const RULES: Record<string, (f: RowFactory) => Promise<Body>> = {
  // One slot per type and start time, ending after it starts; roomy enough for a test run's bookings.
  Appointment: async () => ({ ...nextSlot(), capacity: 100, status: 'open' }),
  // A draft of one share on an animal of its own (an animal carries at most 7 shares).
  VictimOrder: async (f) => ({ productId: await f.animal(), shareCount: 1, unitPrice: '1250.50', discountAmount: '0.00', status: 'draft' }),
  // An order writes its own lines: one of a fresh order is removed to free its share number.
  VictimOrderDetail: async (f) => {
    const order = await f.create('VictimOrder');
    const lines = await f.rowsWhere('VictimOrderDetail', 'victimOrderId', order.id);
    const line = lines[lines.length - 1];
    const res = await call(f.app, f.token, 'DELETE', `VictimOrderDetail/${line.id}`);
    if (res.status !== 200) throw new Error(`freeing a share line failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { victimOrderId: order.id, shareNo: line.shareNo };
  },
  // Pending, in cash, with the order's account and currency.
  VictimPayment: async (f) => {
    const order = await f.row('VictimOrder', await f.idOf('VictimOrder'));
    return {
      victimOrderId: order.id, accountId: order.accountId, currencyTypeId: order.currencyTypeId, amount: '100.00',
      paymentStatusId: await f.paymentStatus('pending'), paymentMethodId: await f.idOf('PaymentMethod'), virtualPosId: null, paidAt: null, receiptNo: null,
    };
  },
  // A booking is the order's customer's, of an order of its own (an order holds one active booking per type).
  VictimAppointment: async (f) => {
    const order = await f.create('VictimOrder');
    return { victimOrderId: order.id, accountId: order.accountId, status: 'booked' };
  },
  // An animal is queued once, on a slaughter slot, under a slaughter number its day has not given
  // yet; not yet received (a step would write history, and a queue row with history stays).
  VictimProductsAppointment: async (f) => {
    const taken = (await call(f.app, f.token, 'GET', 'VictimProductsAppointments')).body.data as { slaughterNo: number }[];
    return { productId: await f.animal(), appointmentId: await f.slaughterSlot(), slaughterNo: Math.max(0, ...taken.map((r) => r.slaughterNo)) + 1, currentStepId: null };
  },
  // Options belong to select attributes.
  AttributeOption: async (f) => ({ attributeId: await f.selectAttribute() }),
  // A text attribute of its own (one value per product and attribute) takes any value and no option.
  ProductAttributeValue: async (f) => ({ attributeId: (await f.create('Attribute')).id, value: `Değer ${unique()}`, attributeOptionId: null }),
  // Periods of one product, price type and currency never overlap.
  ProductPrice: async () => nextPeriod(),
  // The only address of an account of its own is its default (the default cannot be unset).
  AccountAddress: async (f) => ({ accountId: (await f.create('Account')).id, isDefault: true }),
  // The first active POS is the default by itself (the default cannot be unset).
  VirtualPOS: async () => ({ isActive: true, isDefault: true }),
  // A link pair is unique: each link joins a row of its own.
  UserClaim: async (f) => ({ userId: (await f.create('User')).id }),
  UserGroup: async (f) => ({ userId: (await f.create('User')).id }),
  GroupClaim: async (f) => ({ groupId: (await f.create('Group')).id }),
};

/** Creates rows through the API, making the rows they reference first (once per entity). */
export class RowFactory {
  private readonly made = new Map<string, number>();
  readonly app: FastifyInstance;
  readonly token: string;
  constructor(app: FastifyInstance, token: string) {
    this.app = app;
    this.token = token;
  }

  /** A create body for the entity, in the contract's payload names. */
  async body(name: string): Promise<Body> {
    const create = schemas[`${name}Create`];
    const out: Body = { ...(await RULES[name]?.(this)) };
    for (const [prop, s] of Object.entries<Schema>(create.properties)) {
      if (prop in out) continue;
      if (s['x-unique'] && !s['x-lookup'] && (s.enum || s.type === 'integer')) out[prop] = await this.unusedValue(name, prop, s);
      else out[prop] = await valueFor(s, async (target) => (target === name ? null : this.idOf(target)));
    }
    return out;
  }

  /** A new row of the entity (never a cached one), with `extra` over its generated values. */
  async create(name: string, extra: Body = {}): Promise<Record<string, any>> {
    const res = await call(this.app, this.token, 'POST', entityInfo(name).plural, { ...(await this.body(name)), ...extra });
    if (res.status !== 200) throw new Error(`creating ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** A new animal: a product sold as Kurban, carrying 7 shares. */
  async animal(): Promise<number> {
    return (await this.create('Product', { shareCapacity: 7, unit: 'share' })).id;
  }

  /** An attribute whose type's data type is `select` (made once). */
  async selectAttribute(): Promise<number> {
    const known = this.made.get('selectAttribute');
    if (known) return known;
    const type = await this.create('AttributeType', { dataType: 'select' });
    const id = (await this.create('Attribute', { attributeTypeId: type.id })).id as number;
    this.made.set('selectAttribute', id);
    return id;
  }

  /** The id of the payment status with that code (one row per code). */
  async paymentStatus(code: string): Promise<number> {
    const rows = (await call(this.app, this.token, 'GET', entityInfo('PaymentStatus').plural)).body.data as { id: number; code: string }[];
    return rows.find((r) => r.code === code)!.id;
  }

  /** A slot of the slaughter's appointment type (the queue takes no other). */
  async slaughterSlot(): Promise<number> {
    const types = (await call(this.app, this.token, 'GET', entityInfo('AppointmentType').plural)).body.data as { id: number; code: string }[];
    return (await this.create('Appointment', { appointmentTypeId: types.find((r) => r.code === 'slaughter')!.id })).id;
  }

  async row(name: string, id: number): Promise<Record<string, any>> {
    return (await call(this.app, this.token, 'GET', `${entityInfo(name).plural}/${id}`)).body.data;
  }

  /** The rows of the entity whose `field` equals `value`, in the entity's sort. */
  async rowsWhere(name: string, field: string, value: unknown): Promise<Record<string, any>[]> {
    const res = await call(this.app, this.token, 'POST', `${entityInfo(name).plural}/GetListForPaging`, {
      PageNumber: 1, PageSize: 100, FilterParam: [{ ColumnName: field, FilterValue: value, MatchMode: 'equals' }],
    });
    return res.body.data.data;
  }

  /** A value of a unique enum or integer that no row holds yet (null where allowed), or ExhaustedError. */
  private async unusedValue(name: string, prop: string, s: Schema): Promise<unknown> {
    const rows = (await call(this.app, this.token, 'GET', entityInfo(name).plural)).body.data as Record<string, unknown>[];
    const rowProp = Object.keys(schemas[name].properties).find((p) => p.toLowerCase() === prop.toLowerCase())!;
    const taken = new Set(rows.map((r) => r[rowProp]));
    if (!s.enum) {
      const min = s.minimum ?? 1;
      const span = Math.min(s.maximum ?? 1e6, min + 1e6) - min + 1;
      for (let i = 0; i < 1000; i++) {
        const v = min + Math.floor(random() * span);
        if (!taken.has(v)) return v;
      }
      throw new ExhaustedError(prop, min);
    }
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('null')) return null;
    const free = s.enum.find((v: unknown) => v !== null && !taken.has(v));
    if (free === undefined) throw new ExhaustedError(prop, s.enum[0]);
    return free;
  }

  /** The id of a row of the entity: an existing one where the entity is read-only, else a new one. */
  async idOf(name: string): Promise<number> {
    const known = this.made.get(name);
    if (known) return known;
    const info = entityInfo(name);
    let id: number;
    if (!info.operations.includes('create')) {
      const list = await call(this.app, this.token, 'GET', info.plural);
      id = list.body.data[0]?.id;
      if (!id) throw new Error(`no ${name} row to reference`);
    } else {
      let body: Body;
      try {
        body = await this.body(name);
      } catch (err) {
        // No new row can exist (a unique enum fully taken): reference an existing one.
        if (!(err instanceof ExhaustedError)) throw err;
        const list = await call(this.app, this.token, 'GET', info.plural);
        this.made.set(name, list.body.data[0].id);
        return list.body.data[0].id;
      }
      const res = await call(this.app, this.token, 'POST', info.plural, body);
      if (res.status !== 200) throw new Error(`creating ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
      id = res.body.data.id;
    }
    this.made.set(name, id);
    return id;
  }
}

/** An update body carrying a row's own values (payload names; secrets left out keep theirs). */
export function updateBodyFromRow(name: string, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [prop, s] of Object.entries<Schema>(schemas[`${name}Update`].properties)) {
    if (s.writeOnly) continue;
    const rowProp = Object.keys(row).find((p) => p.toLowerCase() === prop.toLowerCase());
    if (rowProp) out[prop] = row[rowProp];
  }
  return out;
}
