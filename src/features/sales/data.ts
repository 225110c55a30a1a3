// What the sale screen reads: the animals of one page (products with a share capacity) with the
// breed and today's share price of exactly those animals, the reference rows it needs by their
// stable codes (the `breed` attribute, the `share` price type, the `customer` account type, the
// `paid` status: common/reference-codes.ts), and the customer search. No whole table
// is browsed: every list is a page filtered to what the screen shows.
import { getAccountsForPaging } from '../../../generated/api/accounts/accounts.ts';
import { getAccountTypesForPaging } from '../../../generated/api/account-types/account-types.ts';
import { getCurrencyTypesForPaging } from '../../../generated/api/currency-types/currency-types.ts';
import { getAttributesForPaging } from '../../../generated/api/attributes/attributes.ts';
import { getPaymentMethodsForPaging } from '../../../generated/api/payment-methods/payment-methods.ts';
import { getPaymentStatusForPaging } from '../../../generated/api/payment-status/payment-status.ts';
import { getPriceTypesForPaging } from '../../../generated/api/price-types/price-types.ts';
import { getProductAttributeValuesForPaging } from '../../../generated/api/product-attribute-values/product-attribute-values.ts';
import { getProductPricesForPaging } from '../../../generated/api/product-prices/product-prices.ts';
import { getProductTypesForPaging } from '../../../generated/api/product-types/product-types.ts';
import { getProductsForPaging } from '../../../generated/api/products/products.ts';
import type { Account, FilterParam, PaymentMethod, Product, ProductType } from '../../../generated/api/model/index.ts';
import { dataOf } from '@/lib/envelope.ts';
import { istanbulToday } from '@/lib/format.ts';
import { ACCOUNT_TYPE, ATTRIBUTE, PAYMENT_STATUS, PRICE_TYPE } from '../../../common/reference-codes.ts';
import { parseMoney } from '@/lib/format.ts';

export const PAGE_SIZE = 12;
const silent = { silent: true } as const;


const eq = (ColumnName: string, FilterValue: string | number | boolean): FilterParam => ({ ColumnName, FilterValue, MatchMode: 'equals', Operator: 'and' });

export interface Animal extends Product {
  breed: string | null;
  /** Today's share price and its currency, when one is set. */
  price: { amount: string; currencyTypeId: number } | null;
}

export interface AnimalPage {
  animals: Animal[];
  totalCount: number;
}

export interface Reference {
  breedAttributeId: number | null;
  sharePriceTypeId: number | null;
  customerTypeId: number | null;
  paidStatusId: number | null;
  defaultCurrencyId: number | null;
  productTypes: ProductType[];
  paymentMethods: PaymentMethod[];
}

/** The id of the first row of a one-row page, or null. */
const firstId = (page: { data: { id: number }[] }): number | null => page.data[0]?.id ?? null;
const oneWhere = (column: string, value: string | boolean) => ({ PageNumber: 1, PageSize: 1, FilterParam: [eq(column, value)] });

/** The reference rows the screen looks up by code (a handful of small pages). */
export async function loadReference(): Promise<Reference> {
  const [breedAttributeId, sharePriceTypeId, customerTypeId, paidStatusId, defaultCurrencyId, types, methods] = await Promise.all([
    getAttributesForPaging(oneWhere('code', ATTRIBUTE.breed), silent).then((r) => firstId(dataOf(r))),
    getPriceTypesForPaging(oneWhere('code', PRICE_TYPE.share), silent).then((r) => firstId(dataOf(r))),
    getAccountTypesForPaging(oneWhere('code', ACCOUNT_TYPE.customer), silent).then((r) => firstId(dataOf(r))),
    getPaymentStatusForPaging(oneWhere('code', PAYMENT_STATUS.paid), silent).then((r) => firstId(dataOf(r))),
    getCurrencyTypesForPaging(oneWhere('isDefault', true), silent).then((r) => firstId(dataOf(r))),
    getProductTypesForPaging({ PageNumber: 1, PageSize: 50, SortingParams: [{ ColumnName: 'name', SortOrder: 1 }] }, silent),
    getPaymentMethodsForPaging({ PageNumber: 1, PageSize: 50, FilterParam: [eq('isActive', true)], SortingParams: [{ ColumnName: 'name', SortOrder: 1 }] }, silent),
  ]);
  return {
    breedAttributeId,
    sharePriceTypeId,
    customerTypeId,
    paidStatusId,
    defaultCurrencyId,
    productTypes: dataOf(types).data,
    paymentMethods: dataOf(methods).data,
  };
}

export interface AnimalQuery {
  page: number;
  productTypeId: number | null;
  search: string;
  /** Only animals with a free share: asked of the server, so paging and counts stay exact. */
  freeOnly: boolean;
}

/** One page of animals, with the breed and today's share price of those animals only. */
export async function loadAnimals(q: AnimalQuery, ref: Reference, signal?: AbortSignal): Promise<AnimalPage> {
  const filters: FilterParam[] = [
    { ColumnName: 'shareCapacity', FilterValue: 0, MatchMode: 'gt', Operator: 'and' },
    eq('isActive', true),
  ];
  if (q.productTypeId) filters.push(eq('productTypeId', q.productTypeId));
  if (q.freeOnly) filters.push({ ColumnName: 'sharesFree', FilterValue: 0, MatchMode: 'gt', Operator: 'and' });
  const page = dataOf(
    await getProductsForPaging(
      { PageNumber: q.page, PageSize: PAGE_SIZE, FilterParam: filters, SortingParams: [{ ColumnName: 'code', SortOrder: 1 }], GlobalFilter: q.search.trim() || undefined },
      { signal, silent: true },
    ),
  );
  const ids = page.data.map((p) => p.id);
  if (ids.length === 0) return { animals: [], totalCount: page.totalCount };
  const today = istanbulToday();
  const [breeds, prices] = await Promise.all([
    ref.breedAttributeId
      ? getProductAttributeValuesForPaging(
          { PageNumber: 1, PageSize: ids.length, FilterParam: [{ ColumnName: 'productId', FilterValue: ids, MatchMode: 'in', Operator: 'and' }, eq('attributeId', ref.breedAttributeId)] },
          { signal, silent: true },
        ).then((r) => dataOf(r).data)
      : Promise.resolve([]),
    ref.sharePriceTypeId
      ? getProductPricesForPaging(
          {
            PageNumber: 1,
            PageSize: 100,
            FilterParam: [
              { ColumnName: 'productId', FilterValue: ids, MatchMode: 'in', Operator: 'and' },
              eq('priceTypeId', ref.sharePriceTypeId),
              { ColumnName: 'validFrom', FilterValue: today, MatchMode: 'lte', Operator: 'and' },
            ],
            SortingParams: [{ ColumnName: 'validFrom', SortOrder: -1 }],
          },
          { signal, silent: true },
        ).then((r) => dataOf(r).data)
      : Promise.resolve([]),
  ]);
  const breedOf = new Map(breeds.map((b) => [b.productId, b.lookups?.attributeOptionId ?? b.value ?? null]));
  const priceOf = new Map<number, Animal['price']>();
  for (const p of prices) {
    if (priceOf.has(p.productId) || (p.validTo && p.validTo < today)) continue;
    priceOf.set(p.productId, { amount: p.amount, currencyTypeId: p.currencyTypeId });
  }
  return {
    animals: page.data.map((p) => ({ ...p, breed: breedOf.get(p.id) ?? null, price: priceOf.get(p.id) ?? null })),
    totalCount: page.totalCount,
  };
}

/** Customers whose code, title, phone or identity number contains `text` (first 8). */
export async function searchCustomers(text: string, signal?: AbortSignal): Promise<Account[]> {
  const page = dataOf(
    await getAccountsForPaging(
      { PageNumber: 1, PageSize: 8, GlobalFilter: text.trim(), FilterParam: [eq('isActive', true)], SortingParams: [{ ColumnName: 'title', SortOrder: 1 }] },
      { signal, silent: true },
    ),
  );
  return page.data;
}

/** An account a new customer may already be: POST /Sales answers them (409 `error.account.possibleDuplicate`). */
export interface PossibleDuplicate {
  id: number;
  code: string;
  title: string;
  phoneLast4: string | null;
}

/** The accounts of a 409 `error.account.possibleDuplicate` (its `params.accounts`). */
export function possibleDuplicates(params: Record<string, unknown> | undefined): PossibleDuplicate[] {
  const accounts = params?.accounts;
  return Array.isArray(accounts) ? accounts.filter((a): a is PossibleDuplicate => typeof a?.id === 'number' && typeof a?.title === 'string') : [];
}

/** Money arithmetic in kuruş (integers): no float drift on the totals. */
export function toKurus(value: string, lang: string): number | null {
  const s = parseMoney(value, lang);
  if (s === undefined) return null;
  const [whole, frac = ''] = s.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const fromKurus = (k: number): string => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`;
