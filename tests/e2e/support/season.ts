// The season's data for a browser test, made through the API (as the administrator), so that each
// test owns what it looks at and the tests run in any order: a customer, an animal with its share
// price, an order, a paid payment; reads of the same rows to check what a screen did.
//
//   const customer = await createCustomer('Ödeme Müşterisi');
//   const animal = await createAnimal({ sharePrice: '12000.00' });
//   const order = await createOrder({ customer, animal, shareCount: 2, status: 'draft' });
//   await payOrder(order, '1000.00');
import { expect } from 'vitest';
import { api } from './browser.ts';

export interface Row { id: number; rowVersion: number; [k: string]: unknown }
interface PageOf<T> { data: T[]; totalCount: number }

export interface Customer extends Row { code: string; title: string; phoneNumber: string | null; balance: string }
export interface Animal extends Row { code: string; name: string; shareCapacity: number; sharesSold: number }
export interface Order extends Row {
  orderNo: string;
  accountId: number;
  productId: number;
  currencyTypeId: number;
  shareCount: number;
  unitPrice: string;
  discountAmount: string;
  totalAmount: string;
  paidAmount: string;
  balance: string;
  status: 'draft' | 'confirmed' | 'cancelled' | 'completed';
  proxyReceived: boolean;
  cancelReason: string | null;
}
export interface Payment extends Row { victimOrderId: number; accountId: number; amount: string; paymentMethodId: number; paymentStatusId: number; receiptNo: string }
export interface ShareLine extends Row { victimOrderId: number; shareNo: number; shareholderName: string; shareholderPhone: string | null; intention: string }

/** A filter of a paged list: `column = value`. */
export const eq = (ColumnName: string, FilterValue: unknown) => ({ ColumnName, FilterValue, MatchMode: 'equals', Operator: 'and' });

/** Money as the Turkish screens show it: `₺1.234,56`. */
export const money = (value: string | number) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    String(value) as Intl.StringNumericLiteral,
  );

/** Decimal strings in kuruş and back: exact sums of money. */
export const kurus = (value: string) => {
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};
export const lira = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;

/** Something no other row of this run carries (codes, titles, phone numbers). */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

/** A Turkish mobile number no other test uses: `0532 ddd dd dd`. */
export function uniquePhone(): string {
  const digits = String(Date.now() % 10_000_000 + Math.floor(Math.random() * 1000)).padStart(7, '0').slice(-7);
  return `0532 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`;
}

function ok(what: string, res: { status: number; body: unknown }) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
}

/** One page (up to 500 rows) of a paged list. */
export async function list<T = Row>(plural: string, body: Record<string, unknown> = {}): Promise<T[]> {
  const res = await api<PageOf<T>>('POST', `${plural}/GetListForPaging`, { PageNumber: 1, PageSize: 500, ...body });
  ok(`${plural}/GetListForPaging`, res);
  return res.body.data.data;
}

/** The id of the row whose `column` is `value` (reference rows: types, statuses, methods). */
export async function idOf(plural: string, column: string, value: unknown): Promise<number> {
  const [row] = await list(plural, { FilterParam: [eq(column, value)] });
  if (!row) throw new Error(`no ${plural} row with ${column} = ${String(value)}`);
  return row.id;
}

export async function read<T = Row>(plural: string, id: number): Promise<T> {
  const res = await api<T>('GET', `${plural}/${id}`);
  ok(`GET ${plural}/${id}`, res);
  return res.body.data;
}

export const orderOf = (id: number) => read<Order>('VictimOrders', id);
export const customerOf = (id: number) => read<Customer>('Accounts', id);

export async function shareLinesOf(orderId: number): Promise<ShareLine[]> {
  return list<ShareLine>('VictimOrderDetail', { FilterParam: [eq('victimOrderId', orderId)], SortingParams: [{ ColumnName: 'shareNo', SortOrder: 1 }] });
}

export async function paymentsOf(orderId: number): Promise<Payment[]> {
  return list<Payment>('VictimPayments', { FilterParam: [eq('victimOrderId', orderId)], SortingParams: [{ ColumnName: 'id', SortOrder: 1 }] });
}

/** The ledger entries the server posted for an order (its sale, collections and reversals). */
export async function ledgerOf(orderId: number): Promise<{ amount: string; transactionTypeId: number; lookups?: Record<string, string> }[]> {
  return list('Transactions', { FilterParam: [eq('victimOrderId', orderId)], SortingParams: [{ ColumnName: 'id', SortOrder: 1 }] });
}

/** A new active customer (the account type of code `customer`). */
export async function createCustomer(title: string, phoneNumber: string | null = uniquePhone()): Promise<Customer> {
  const res = await api<Customer>('POST', 'Accounts', {
    code: `E2E${unique()}`,
    title,
    accountTypeId: await idOf('AccountTypes', 'code', 'customer'),
    phoneNumber,
  });
  ok('POST Accounts', res);
  return res.body.data;
}

/** A new active cattle (7 shares unless told) with a share price valid since 2020 in the default currency. */
export async function createAnimal(options: { sharePrice?: string; capacity?: number; name?: string } = {}): Promise<Animal & { sharePrice: string }> {
  const sharePrice = options.sharePrice ?? '10000.00';
  const res = await api<Animal>('POST', 'Products', {
    code: `TR-E2E-${unique()}`,
    name: options.name ?? `E2E Dana ${unique()}`,
    productTypeId: await idOf('ProductTypes', 'name', 'Büyükbaş'),
    vatRateId: await idOf('VatRates', 'name', '%1'),
    unit: 'piece',
    shareCapacity: options.capacity ?? 7,
    liveWeightKg: '480.00',
    isActive: true,
  });
  ok('POST Products', res);
  const price = await api('POST', 'ProductPrices', {
    productId: res.body.data.id,
    priceTypeId: await idOf('PriceTypes', 'code', 'share'),
    currencyTypeId: await idOf('CurrencyTypes', 'isDefault', true),
    amount: sharePrice,
    validFrom: '2020-01-01',
  });
  ok('POST ProductPrices', price);
  return { ...res.body.data, sharePrice };
}

/** A new order of the customer on the animal (share lines filled by the server with the customer). */
export async function createOrder(options: {
  customer: { id: number };
  animal: { id: number };
  shareCount?: number;
  unitPrice?: string;
  discountAmount?: string;
  status?: 'draft' | 'confirmed';
  proxyReceived?: boolean;
}): Promise<Order> {
  const res = await api<Order>('POST', 'VictimOrders', {
    accountId: options.customer.id,
    productId: options.animal.id,
    shareCount: options.shareCount ?? 1,
    unitPrice: options.unitPrice ?? '10000.00',
    discountAmount: options.discountAmount ?? '0.00',
    currencyTypeId: await idOf('CurrencyTypes', 'isDefault', true),
    status: options.status ?? 'confirmed',
    proxyReceived: options.proxyReceived ?? false,
    orderDate: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Istanbul' }),
  });
  ok('POST VictimOrders', res);
  return res.body.data;
}

/** A paid payment of the order (cash unless told). */
export async function payOrder(order: Order, amount: string, method = 'cash'): Promise<Payment> {
  const res = await api<Payment>('POST', 'VictimPayments', {
    victimOrderId: order.id,
    accountId: order.accountId,
    amount,
    currencyTypeId: order.currencyTypeId,
    paymentMethodId: await idOf('PaymentMethods', 'code', method),
    paymentStatusId: await idOf('PaymentStatus', 'code', 'paid'),
  });
  ok('POST VictimPayments', res);
  return res.body.data;
}

/** Changes some fields of an order as another clerk would (with its current rowVersion). */
export async function updateOrder(id: number, changes: Partial<Order>): Promise<Order> {
  const current = await orderOf(id);
  // PUT keeps what it does not name: the required fields as they are, and the changes.
  const { accountId, productId, shareCount, unitPrice, currencyTypeId, orderDate } = current as Order & Record<string, unknown>;
  const res = await api<Order>('PUT', 'VictimOrders', { id, rowVersion: current.rowVersion, accountId, productId, shareCount, unitPrice, currencyTypeId, orderDate, ...changes });
  ok('PUT VictimOrders', res);
  return res.body.data;
}

/** Sets a setting's value by its key (e.g. `company.name`). */
export async function setSetting(key: string, value: string, isSecret = false): Promise<void> {
  const [row] = await list<Row & { key: string; valueType: string }>('Settings', { FilterParam: [eq('key', key)] });
  if (!row) throw new Error(`no setting ${key}`);
  ok(`PUT Settings ${key}`, await api('PUT', 'Settings', { id: row.id, rowVersion: row.rowVersion, key, value, valueType: row.valueType, ...(isSecret ? { isSecret } : {}) }));
}
