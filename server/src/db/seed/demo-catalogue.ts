// Demo catalogue: categories, the season's animals (cattle sold in 7 shares, sheep whole), some
// meat products and services, their prices and attribute values.
import { addDays } from './calendar.ts';
import { CATTLE_BREEDS, SHEEP_BREEDS } from './demo-data.ts';
import type { DemoContext } from './demo-context.ts';
import { lira, money } from './money.ts';
import { allocateIds, idsBy, insertRows, need } from './sql.ts';
import { ATTRIBUTE, PRICE_TYPE } from '../../../../common/reference-codes.ts';

interface PricePeriod {
  from: string;
  to: string | null;
  amount: number; // kuruş
}

export interface Animal {
  id: number;
  code: string;
  name: string;
  kind: 'cattle' | 'sheep';
  capacity: number;
  /** Live weight in kg with two decimals, e.g. `612.50`. */
  weightKg: string;
  breed: string;
  ageMonths: number;
  /** Index into SUPPLIERS: who the farm bought it from. */
  supplier: number;
  sharePrices: PricePeriod[];
  /** Deposit (kapora) asked per share, kuruş. */
  depositPerShare: number;
  /** What the farm paid for it, kuruş. */
  purchasePrice: number;
}

/** The share price in force on `date` (periods never overlap). */
export function sharePriceOn(animal: Animal, date: string): number {
  const p = animal.sharePrices.find((x) => x.from <= date && (x.to === null || date <= x.to)) ?? animal.sharePrices[animal.sharePrices.length - 1];
  return p.amount;
}

const CATTLE_COUNT = 12;
const SHEEP_COUNT = 10;

// Share prices follow the live weight (VAT included).
const cattleSharePrice = (kg: number) => lira(kg < 540 ? 13_000 : kg < 600 ? 14_000 : kg < 660 ? 15_000 : 16_500);
const sheepPrice = (kg: number) => lira(kg < 65 ? 11_500 : kg < 75 ? 12_500 : 13_500);
const roundTo = (kurus: number, tl: number) => Math.round(kurus / lira(tl)) * lira(tl);

const CATEGORIES = [
  { key: 'kurbanlik', code: 'animals', name: 'Kurbanlık', parent: null, description: 'Kurban sezonu hayvanları.', order: 1 },
  { key: 'buyukbas', code: 'cattle', name: 'Büyükbaş Kurbanlık', parent: 'kurbanlik', description: 'Hisseyle satılan büyükbaş hayvanlar.', order: 1 },
  { key: 'kucukbas', code: 'sheep', name: 'Küçükbaş Kurbanlık', parent: 'kurbanlik', description: 'Tek hisse koyun ve keçiler.', order: 2 },
  { key: 'et', code: 'meat', name: 'Et Ürünleri', parent: null, description: 'Yıl boyu satılan et ürünleri.', order: 2 },
  { key: 'kirmizi', code: 'redMeat', name: 'Kırmızı Et', parent: 'et', description: null, order: 1 },
  { key: 'hizmet', code: 'services', name: 'Hizmetler', parent: null, description: 'Kesim, parçalama ve teslimat.', order: 3 },
] as const;

/** Products sold all year, with their sale price. */
const OTHER_PRODUCTS = [
  { code: 'ET-001', name: 'Dana Kıyma', type: 'Et Ürünü', category: 'kirmizi', vat: '%1', unit: 'kg', price: 650 },
  { code: 'ET-002', name: 'Dana Kuşbaşı', type: 'Et Ürünü', category: 'kirmizi', vat: '%1', unit: 'kg', price: 720 },
  { code: 'ET-003', name: 'Kuzu Pirzola', type: 'Et Ürünü', category: 'kirmizi', vat: '%1', unit: 'kg', price: 890 },
  { code: 'HZM-001', name: 'Kesim ve Parçalama', type: 'Hizmet', category: 'hizmet', vat: '%20', unit: 'piece', price: 2_500 },
  { code: 'HZM-002', name: 'Eve Teslimat', type: 'Hizmet', category: 'hizmet', vat: '%20', unit: 'piece', price: 750 },
] as const;

export async function seedCatalogue(ctx: DemoContext): Promise<{ animals: Animal[]; counts: Record<string, number> }> {
  const { db, ref } = ctx;
  const categoryIds = await seedCategories(ctx);
  const animals = await planAnimals(ctx);
  const others = OTHER_PRODUCTS.map((p) => ({ ...p, id: 0 }));
  const ids = await allocateIds(db, 'products', animals.length + others.length);
  animals.forEach((a, i) => (a.id = ids[i]));
  others.forEach((p, i) => (p.id = ids[animals.length + i]));

  const productType = (name: string) => need(ref.productTypes, name, 'product type');
  const vat = (name: string) => need(ref.vatRates, name, 'VAT rate');
  await insertRows(db, 'products', [
    ...animals.map((a) => ({
      id: a.id,
      code: a.code,
      name: a.name,
      product_type_id: productType(a.kind === 'cattle' ? 'Büyükbaş' : 'Küçükbaş'),
      category_id: categoryIds.get(a.kind === 'cattle' ? 'buyukbas' : 'kucukbas'),
      vat_rate_id: vat('%1'), // live animals: 1 % KDV
      unit: a.kind === 'cattle' ? 'share' : 'piece',
      share_capacity: a.capacity,
      live_weight_kg: a.weightKg,
      description: `${a.breed} ırkı, ${a.ageMonths} aylık ${a.kind === 'cattle' ? 'tosun' : 'koç'}.`,
      is_active: true,
    })),
    ...others.map((p) => ({
      id: p.id, code: p.code, name: p.name, product_type_id: productType(p.type), category_id: categoryIds.get(p.category),
      vat_rate_id: vat(p.vat), unit: p.unit, share_capacity: null, live_weight_kg: null, description: null, is_active: true,
    })),
  ]);

  const prices = priceRows(ctx, animals, others);
  await insertRows(db, 'product_prices', prices);
  const attributeValues = await attributeValueRows(ctx, animals);
  await insertRows(db, 'product_attribute_values', attributeValues);
  return {
    animals,
    counts: { categories: CATEGORIES.length, products: animals.length + others.length, product_prices: prices.length, product_attribute_values: attributeValues.length },
  };
}

async function seedCategories(ctx: DemoContext): Promise<Map<string, number>> {
  const ids = await allocateIds(ctx.db, 'categories', CATEGORIES.length);
  const byKey = new Map<string, number>(CATEGORIES.map((c, i) => [c.key, ids[i]]));
  // Parents come first in the list, so one statement satisfies the self-reference.
  await insertRows(ctx.db, 'categories', CATEGORIES.map((c) => ({
    id: byKey.get(c.key), code: c.code, name: c.name, parent_id: c.parent ? byKey.get(c.parent) : null, description: c.description, display_order: c.order, is_active: true,
  })));
  return byKey;
}

async function planAnimals(ctx: DemoContext): Promise<Animal[]> {
  const { rnd, season } = ctx;
  const tags = new Set<string>();
  // Ear tags: TR + the province's plate code (34) + 8 digits.
  const earTag = () => {
    for (;;) {
      const tag = `TR34${rnd.digits(8)}`;
      if (!tags.has(tag)) return tags.add(tag), tag;
    }
  };
  const animals: Animal[] = [];
  for (let i = 0; i < CATTLE_COUNT; i++) {
    const breed = rnd.weighted([[CATTLE_BREEDS[0], 4], [CATTLE_BREEDS[1], 2], [CATTLE_BREEDS[2], 2], [CATTLE_BREEDS[3], 2], [CATTLE_BREEDS[4], 1]] as const);
    const kg = rnd.int(480, 720);
    const weightKg = `${kg}.${rnd.chance(0.5) ? '50' : '00'}`;
    const price = cattleSharePrice(kg);
    animals.push({
      id: 0, code: earTag(), name: `${breed} Tosun ${String(i + 1).padStart(2, '0')}`, kind: 'cattle', capacity: 7, weightKg, breed,
      ageMonths: rnd.int(18, 30), supplier: i < CATTLE_COUNT / 2 ? 0 : 1,
      // The first two cattle were repriced a fortnight into the season: two periods, no overlap.
      sharePrices: i < 2
        ? [{ from: season.priceStart, to: addDays(season.priceStart, 29), amount: price - lira(500) }, { from: addDays(season.priceStart, 30), to: null, amount: price }]
        : [{ from: season.priceStart, to: null, amount: price }],
      depositPerShare: lira(3_000),
      purchasePrice: roundTo(price * 7 * 0.8, 1_000),
    });
  }
  for (let i = 0; i < SHEEP_COUNT; i++) {
    const breed = rnd.pick(SHEEP_BREEDS);
    const kg = rnd.int(55, 85);
    const weightKg = `${kg}.00`;
    const price = sheepPrice(kg);
    animals.push({
      id: 0, code: earTag(), name: `${breed} Koç ${String(i + 1).padStart(2, '0')}`, kind: 'sheep', capacity: 1, weightKg, breed,
      ageMonths: rnd.int(10, 20), supplier: 2,
      sharePrices: [{ from: season.priceStart, to: null, amount: price }],
      depositPerShare: lira(2_500),
      purchasePrice: roundTo(price * 0.78, 500),
    });
  }
  return animals;
}

function priceRows(ctx: DemoContext, animals: Animal[], others: { id: number; price: number }[]) {
  const { ref, season } = ctx;
  const type = (code: string) => need(ref.priceTypes, code, 'price type');
  const row = (productId: number, priceType: string, amount: number, from = season.priceStart, to: string | null = null) =>
    ({ product_id: productId, price_type_id: type(priceType), currency_type_id: ref.currencyId, amount: money(amount), valid_from: from, valid_to: to });
  return [
    ...animals.flatMap((a) => [
      ...a.sharePrices.map((p) => row(a.id, PRICE_TYPE.share, p.amount, p.from, p.to)),
      row(a.id, PRICE_TYPE.deposit, a.depositPerShare),
      row(a.id, PRICE_TYPE.purchase, a.purchasePrice),
    ]),
    ...others.map((p) => row(p.id, PRICE_TYPE.sale, lira(p.price))),
  ];
}

async function attributeValueRows(ctx: DemoContext, animals: Animal[]) {
  const { db, ref } = ctx;
  const attr = (code: string) => need(ref.attributes, code, 'attribute');
  const breedId = attr(ATTRIBUTE.breed);
  // Sheep breeds join the cattle breeds of the reference seed.
  const existing = await idsBy(db, 'attribute_options', 'value', `attribute_id = ${breedId}`);
  const extra = SHEEP_BREEDS.filter((b) => !existing.has(b));
  await insertRows(db, 'attribute_options', extra.map((value, i) => ({ attribute_id: breedId, value, display_order: existing.size + i + 1 })),
    'ON CONFLICT (attribute_id, value) DO NOTHING');
  const breeds = await idsBy(db, 'attribute_options', 'value', `attribute_id = ${breedId}`);
  const value = (productId: number, attributeId: number, v: string | null, optionId: number | null = null) =>
    ({ product_id: productId, attribute_id: attributeId, value: v, attribute_option_id: optionId });
  return animals.flatMap((a) => [
    value(a.id, breedId, null, need(breeds, a.breed, 'breed option')),
    value(a.id, attr(ATTRIBUTE.liveWeight), a.weightKg),
    value(a.id, attr(ATTRIBUTE.earTag), a.code),
    value(a.id, attr(ATTRIBUTE.age), String(a.ageMonths)),
  ]);
}
