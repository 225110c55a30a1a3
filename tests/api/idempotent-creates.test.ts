// One user action, one write (guide; issue 16, point 2): every create whose double would be a
// wrong fact (money, a seat, the queue, a customer, a slot, a price) takes an Idempotency-Key, so a
// double click or a retry after a time-out writes once. The sale and the order page's payment have
// their own tests (sales.test.ts); here the generic creates and the expense distribution: ten
// identical requests with one key at the same moment write one row and get ten identical answers;
// the key with another body is refused and writes nothing. The same entities' updates take the key
// too: a save sent again after a lost answer is answered as the first, not refused as stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { startTestServer, type TestServer } from '../support/app.ts';
import { RowFactory } from '../support/fixtures.ts';
import { Season } from '../support/season.ts';

let server: TestServer;
let s: Season;
let rows: RowFactory;
beforeAll(async () => {
  server = await startTestServer();
  s = new Season(server);
  rows = new RowFactory(server.app, server.adminToken);
});
afterAll(() => server?.close());

let seq = 0;
const post = (url: string, body: Record<string, unknown>, key: string) =>
  server.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload: body, headers: { authorization: `Bearer ${server.adminToken}`, 'idempotency-key': key } });
const count = async (table: string) => (await s.sql(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

/** A future slot of the slaughter type (a booking of a past one is refused). */
async function slot() {
  const start = new Date(Date.UTC(2032, 0, 1, 6) + ++seq * 3_600_000);
  const res = await s.api('POST', 'Appointments', {
    appointmentTypeId: (await s.sql(`SELECT id FROM appointment_types WHERE code = 'slaughter'`))[0].id,
    startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString(), capacity: 50, status: 'open',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

/** The operation declares the Idempotency-Key header and the 422 of a key reused with another body. */
function expectKeyDeclared(operationId: string) {
  const op = Object.values(contract.paths as Record<string, Record<string, any>>).flatMap((item) => Object.values(item)).find((o) => o.operationId === operationId);
  expect(op.parameters.map((p: { $ref?: string }) => p.$ref)).toContain('#/components/parameters/IdempotencyKey');
  expect(Object.keys(op.responses)).toContain('422');
}

interface Case {
  /** The operation's path and the table its rows go to. */
  url: string;
  operationId: string;
  table: string;
  /** A body, and another one (the same key with it is refused). */
  bodies: () => Promise<[Record<string, unknown>, Record<string, unknown>]>;
}

const CASES: Case[] = [
  {
    // A customer made twice is a silent duplicate (issue 17, point 4).
    url: 'Accounts', operationId: 'createAccount', table: 'accounts',
    bodies: async () => {
      const body = await rows.body('Account');
      return [body, { ...body, title: `${String(body.title)} 2` }];
    },
  },
  {
    // A slot made twice doubles the day's seats.
    url: 'Appointments', operationId: 'createAppointment', table: 'appointments',
    bodies: async () => {
      const start = new Date(Date.UTC(2033, 0, 1, 6) + ++seq * 3_600_000);
      const body = {
        appointmentTypeId: (await s.sql(`SELECT id FROM appointment_types WHERE code = 'slaughter'`))[0].id,
        startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString(), capacity: 5, status: 'open',
      };
      return [body, { ...body, capacity: 6 }];
    },
  },
  {
    // A price entered twice leaves two prices valid on one day.
    url: 'ProductPrices', operationId: 'createProductPrice', table: 'product_prices',
    bodies: async () => {
      const body = await rows.body('ProductPrice');
      return [body, { ...body, amount: '1.00' }];
    },
  },
  {
    url: 'VictimOrders', operationId: 'createVictimOrder', table: 'victim_orders',
    bodies: async () => {
      const body = await s.orderBody();
      return [body, { ...body, shareCount: 2 }];
    },
  },
  {
    url: 'VictimAppointments', operationId: 'createVictimAppointment', table: 'victim_appointments',
    bodies: async () => {
      const order = await s.order();
      const body = { victimOrderId: order.id, accountId: order.accountId, appointmentId: await slot() };
      return [body, { ...body, appointmentId: await slot() }];
    },
  },
  {
    url: 'VictimProductsAppointments', operationId: 'createVictimProductsAppointment', table: 'victim_products_appointments',
    bodies: async () => {
      const body = { productId: (await s.product()).id, appointmentId: await slot() };
      return [body, { ...body, notes: 'Başka bir istek' }];
    },
  },
  {
    url: 'Transactions', operationId: 'createTransaction', table: 'transactions',
    bodies: async () => {
      const body = await rows.body('Transaction');
      return [body, { ...body, amount: '1.00' }];
    },
  },
  {
    url: 'Transactions/distribute-expense', operationId: 'distributeExpense', table: 'transactions',
    bodies: async () => {
      const accounts = [(await s.customer()).id, (await s.customer()).id].map((accountId) => ({ accountId }));
      const body = { totalAmount: '100.00', currencyTypeId: (await s.ref()).currencyId, transactionDate: '2030-06-10', description: 'Soğuk hava deposu', method: 'equal', accounts };
      return [body, { ...body, totalAmount: '90.00' }];
    },
  },
];

describe.each(CASES)('POST $url with an Idempotency-Key', ({ url, operationId, table, bodies }) => {
  it('declares the key in the contract, with the 422 of a reused key', () => expectKeyDeclared(operationId));

  it('ten identical requests at once write once and get one answer; the key with another body writes nothing', async () => {
    const [body, other] = await bodies();
    const key = `${operationId}-${++seq}`;
    const before = await count(table);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(url, body, key)));
    expect(answers.map((a) => a.statusCode), answers[0].body).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const written = (await count(table)) - before;
    // A distribution writes one entry per account; anything else one row.
    expect(written).toBe(url === 'Transactions/distribute-expense' ? 2 : 1);

    const reused = await post(url, other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('error.idempotency.keyReused');
    expect(await count(table)).toBe(before + written);
  });
});

// An update sent again after its answer was lost (a time-out, a dropped connection) carries the
// same key: it is answered as the first, not refused as stale by the version its own first save
// moved on.
const UPDATES = ['updateAccount', 'updateAppointment', 'updateProductPrice', 'updateTransaction', 'updateVictimOrder', 'updateVictimProductsAppointment', 'updateVictimAppointment', 'updateVictimPayment'];

describe('PUT with an Idempotency-Key', () => {
  const put = (url: string, body: Record<string, unknown>, key?: string) =>
    server.app.inject({ method: 'PUT', url: `/api/v1/${url}`, payload: body, headers: { authorization: `Bearer ${server.adminToken}`, ...(key ? { 'idempotency-key': key } : {}) } });

  it.each(UPDATES)('%s declares the key in the contract, with the 422 of a reused key', expectKeyDeclared);

  it.each([['Accounts', 'Account', 'accounts', 'title'], ['Transactions', 'Transaction', 'transactions', 'description']])('a save of %s sent again with its key gets the first answer; without one, a 409; the key with another body, a 422', async (url, entity, table, field) => {
    const body = await rows.body(entity);
    const created = await post(url, body, `create-${++seq}`);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data as Record<string, unknown>;
    const change = { ...body, id: row.id, rowVersion: row.rowVersion, [field]: 'Kapıda ödenecek' };
    const key = `update-${++seq}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => put(url, change, key)));
    expect(answers.map((a) => a.statusCode), answers[0].body).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0].json().data.rowVersion).toBe((row.rowVersion as number) + 1);

    // The same save without a key: its version is behind now.
    expect((await put(url, change)).statusCode).toBe(409);
    const reused = await put(url, { ...change, [field]: 'Başka bir not' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('error.idempotency.keyReused');
    expect((await s.sql(`SELECT row_version FROM ${table} WHERE id = $1`, [row.id]))[0].row_version).toBe((row.rowVersion as number) + 1);
  });
});
