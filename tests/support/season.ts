// Season fixtures made through the API: animals, customers, orders and payments, with the
// reference rows (types, statuses, methods) looked up once.
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { call, type TestServer } from './app.ts';
import { validTckn } from './fixtures.ts';

export interface Reference {
  productTypeId: number;
  vatRateId: number;
  accountTypeId: number;
  currencyId: number;
  otherCurrencyId: number;
  statuses: Record<'pending' | 'paid' | 'cancelled' | 'refunded', number>;
  methods: Record<'cash' | 'card' | 'transfer' | 'virtualPos', number>;
  types: Record<string, { id: number; direction: number }>; // by system code, or name for hand types
}

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(++serial).toString(36)}${randomInt(1000)}`;

export class Season {
  readonly server: TestServer;
  private reference?: Reference;
  constructor(server: TestServer) {
    this.server = server;
  }

  api(method: string, url: string, payload?: unknown, token = this.server.adminToken) {
    return call(this.server.app, token, method, url, payload);
  }

  async sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.server.database.pool.query(text, params)).rows as T[];
  }

  async ref(): Promise<Reference> {
    if (this.reference) return this.reference;
    const byKey = async (sql: string) => Object.fromEntries((await this.sql(sql)).map((r) => [r.k, r.id]));
    const first = async (table: string) => (await this.sql(`SELECT min(id) AS id FROM ${table}`))[0].id as number;
    const types = await this.sql(`SELECT coalesce(system_code, name) AS k, id, direction FROM transaction_types`);
    this.reference = {
      productTypeId: await first('product_types'),
      vatRateId: await first('vat_rates'),
      accountTypeId: await first('account_types'),
      currencyId: (await this.sql(`SELECT id FROM currency_types WHERE is_default`))[0].id,
      otherCurrencyId: (await this.sql(`SELECT id FROM currency_types WHERE NOT is_default ORDER BY id LIMIT 1`))[0].id,
      statuses: await byKey(`SELECT code AS k, id FROM payment_statuses`),
      methods: await byKey(`SELECT code AS k, min(id) AS id FROM payment_methods GROUP BY code`),
      types: Object.fromEntries(types.map((t) => [t.k, { id: t.id, direction: t.direction }])),
    } as Reference;
    return this.reference;
  }

  /** A product; an animal when it has a share capacity. */
  async product(shareCapacity: number | null = 7): Promise<Record<string, any>> {
    const r = await this.ref();
    const res = await this.api('POST', 'Products', {
      code: `TR${unique()}`, name: `Dana ${unique()}`, productTypeId: r.productTypeId, vatRateId: r.vatRateId,
      unit: shareCapacity ? 'share' : 'piece', shareCapacity,
    });
    if (res.status !== 200) throw new Error(`product: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async customer(title = 'Ahmet Yılmaz'): Promise<Record<string, any>> {
    const r = await this.ref();
    const res = await this.api('POST', 'Accounts', {
      code: `C${unique()}`, title, accountTypeId: r.accountTypeId, identityNumber: validTckn(), phoneNumber: '+90 532 111 22 33',
    });
    if (res.status !== 200) throw new Error(`customer: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** A create body for an order; `order()` posts it. */
  async orderBody(over: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const r = await this.ref();
    const productId = over.productId ?? (await this.product()).id;
    const accountId = over.accountId ?? (await this.customer()).id;
    return { accountId, productId, shareCount: 1, unitPrice: '10000.00', currencyTypeId: r.currencyId, orderDate: '2026-05-20', ...over };
  }

  async order(over: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await this.api('POST', 'VictimOrders', await this.orderBody(over));
    if (res.status !== 200) throw new Error(`order: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async paymentBody(order: Record<string, any>, amount: string, status: keyof Reference['statuses'] = 'paid', over: Record<string, unknown> = {}) {
    const r = await this.ref();
    return {
      victimOrderId: order.id, accountId: order.accountId, amount, currencyTypeId: order.currencyTypeId,
      paymentMethodId: r.methods.cash, paymentStatusId: r.statuses[status], ...over,
    };
  }

  async payment(order: Record<string, any>, amount: string, status: keyof Reference['statuses'] = 'paid', over: Record<string, unknown> = {}) {
    const res = await this.api('POST', 'VictimPayments', await this.paymentBody(order, amount, status, over));
    if (res.status !== 200) throw new Error(`payment: ${JSON.stringify(res.body)}`);
    return res.body.data as Record<string, any>;
  }

  private queueSlot?: number;

  /** The animal's place in the slaughter queue (a slot of its own day, the next free number), at no step yet. */
  async queue(productId: number): Promise<Record<string, any>> {
    this.queueSlot ??= (await this.sql(
      `INSERT INTO appointments (appointment_type_id, starts_at, ends_at, capacity)
       VALUES ((SELECT min(id) FROM appointment_types), '2026-05-28T03:17:00Z', '2026-05-28T04:17:00Z', 500) RETURNING id`))[0].id as number;
    const [{ no }] = await this.sql(`SELECT coalesce(max(slaughter_no), 0) + 1 AS no FROM victim_products_appointments WHERE slaughter_day = '2026-05-28'`);
    const res = await this.api('POST', 'VictimProductsAppointments', { productId, appointmentId: this.queueSlot, slaughterNo: no });
    if (res.status !== 200) throw new Error(`queue: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** Queues the animal and moves it to the last slaughter step (the highest step order): slaughtered. */
  async slaughter(productId: number): Promise<Record<string, any>> {
    const row = await this.queue(productId);
    const [last] = await this.sql(`SELECT id FROM victim_appointment_steps ORDER BY step_order DESC LIMIT 1`);
    const res = await this.api('POST', `VictimProductsAppointments/${row.id}/advance`, { stepId: last.id });
    if (res.status !== 200) throw new Error(`slaughter: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /**
   * Another writer's edit of an order under way: the order locked as an update locks it; then
   * `request` is sent and seen waiting for a lock; then `meanwhile` runs in that writer's
   * transaction, which commits. Answers the request's answer. Two writes that lock the order and
   * a row of it in opposite orders deadlock here (PostgreSQL breaks it: a 503 after a second).
   */
  async whileOrderLocked<T>(orderId: number, request: () => Promise<T>, meanwhile: (other: pg.PoolClient) => Promise<unknown>): Promise<T> {
    const other = await this.server.database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT 1 FROM victim_orders WHERE id = $1 FOR NO KEY UPDATE`, [orderId]);
      const pid = (await other.query('SELECT pg_backend_pid() AS pid')).rows[0].pid as number;
      const answer = request();
      // A session of this database waiting for a lock (pg_locks is the whole server's: on a shared
      // test server another file's waits would count).
      const waiting = async () => (await this.sql(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`, [pid]))[0].n as number;
      for (let tries = 0; (await waiting()) === 0; tries++) {
        if (tries > 250) throw new Error('the request never waited for a lock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await meanwhile(other);
      await other.query('COMMIT');
      return await answer;
    } catch (error) {
      await other.query('ROLLBACK');
      throw error;
    } finally {
      other.release();
    }
  }

  async get(plural: string, id: number): Promise<Record<string, any>> {
    return (await this.api('GET', `${plural}/${id}`)).body.data;
  }

  /** Σ direction × amount of an account's entries in the default currency: the ledger's balance. */
  async ledgerBalance(accountId: number): Promise<string> {
    const [row] = await this.sql(
      `SELECT coalesce(sum(tt.direction * t.amount), 0)::numeric(18,2)::text AS b FROM transactions t JOIN transaction_types tt ON tt.id = t.transaction_type_id
       WHERE t.account_id = $1 AND t.currency_type_id = (SELECT id FROM currency_types WHERE is_default)`, [accountId]);
    return row.b;
  }
}
