// Reference data: runs on every start, inside one transaction, and only ever adds what is missing.
//
// Two kinds of rows:
// - rows with a unique natural key (language code, claim name, currency code, payment status code,
//   transaction type system code, setting key, group name, the code of a price or account type the
//   server relies on): inserted with ON CONFLICT DO NOTHING, so a row staff deleted comes back but
//   nothing staff edited is touched;
// - rows identified only by their name (product types, VAT rates, account types, …), which have no
//   unique index: inserted only while their table is empty (the first start), so a rename or a
//   deletion by staff is not undone by the next start.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { ACCOUNT_TYPE, APPOINTMENT_TYPE, ATTRIBUTE, PRICE_TYPE, SERVER_CODES, referenceTextId } from '../../../../common/reference-codes.ts';
import { PRICE_OVERRIDE_CLAIM } from '../../../../common/claims.ts';
import { encryptSecret } from '../../crud/secrets.ts';
import { istanbulYear } from './calendar.ts';
import { type Db, type Row, inSeedTransaction, insertRows, isEmpty } from './sql.ts';

const MESSAGES_URL = new URL('../../../../generated/server/messages.json', import.meta.url);
const CLAIMS_URL = new URL('../../../../generated/server/claims.json', import.meta.url);

/** Claim names of claims.json that are not stored claims but access levels of the router. */
const NOT_CLAIMS = new Set(['public', 'authenticated']);

const EXTRA_CLAIMS = [
  { name: 'Admin', description: 'Administrator: passes every permission check' },
  { name: 'Monitor.Read', description: 'View the slaughter Monitor board' },
  { name: PRICE_OVERRIDE_CLAIM, description: 'Sell Kurban shares at a price other than the price list\'s' },
];

const LANGUAGES = [
  { code: 'tr-TR', name: 'Türkçe', flag: 'TR', display_order: 1, default: true },
  { code: 'en-US', name: 'English', flag: 'US', display_order: 2, default: false },
];

const CURRENCIES = [
  { code: 'TRY', name: 'Türk Lirası', symbol: '₺', decimals: 2, default: true },
  { code: 'USD', name: 'ABD Doları', symbol: '$', decimals: 2, default: false },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, default: false },
];

const PRODUCT_TYPES = [
  { code: 'cattle', name: 'Büyükbaş', description: 'Sığır, dana, tosun; kurbanda 7 hisseye kadar bölünür.' },
  { code: 'sheep', name: 'Küçükbaş', description: 'Koyun, keçi; kurbanda tek hisse.' },
  { code: 'share', name: 'Kurban Hissesi', description: 'Büyükbaş bir hayvandan satılan kurban hissesi.' },
  { code: 'meat', name: 'Et Ürünü', description: 'Kıyma, kuşbaşı, pirzola gibi et ürünleri.' },
  { code: 'service', name: 'Hizmet', description: 'Kesim, parçalama, teslimat gibi hizmetler.' },
];

// Türkiye's KDV rates: 1 % (live animals, basic food), 10 %, 20 % (general); 0 % for exempt sales.
const VAT_RATES = [
  { name: '%0', rate: '0.00' },
  { name: '%1', rate: '1.00' },
  { name: '%10', rate: '10.00' },
  { name: '%20', rate: '20.00' },
];

const PRICE_TYPES = [
  { code: PRICE_TYPE.sale, name: 'Satış', description: 'Satış fiyatı (KDV dahil).' },
  { code: PRICE_TYPE.purchase, name: 'Alış', description: 'Alış (maliyet) fiyatı.' },
  { code: PRICE_TYPE.deposit, name: 'Kapora', description: 'Sipariş sırasında alınan ön ödeme.' },
  { code: PRICE_TYPE.share, name: 'Hisse Fiyatı', description: 'Bir kurban hissesinin fiyatı (KDV dahil).' },
];

const ACCOUNT_TYPES = [
  { code: ACCOUNT_TYPE.customer, name: 'Müşteri', description: 'Kurban ve et ürünü alan müşteriler.' },
  { code: ACCOUNT_TYPE.supplier, name: 'Tedarikçi', description: 'Hayvan, yem ve hizmet aldığımız firmalar.' },
  { code: ACCOUNT_TYPE.staff, name: 'Personel', description: 'Çalışanlar ve kesim ekibi.' },
  { code: ACCOUNT_TYPE.donor, name: 'Bağışçı', description: 'Kurbanını bağış olarak kestiren hayırseverler.' },
];

const ADDRESS_TYPES = [{ name: 'Ev' }, { name: 'İş' }, { name: 'Fatura' }, { name: 'Teslimat' }];

/** The types the server posts by itself, found by `system_code`; their direction is fixed by the code. */
const SYSTEM_TRANSACTION_TYPES = [
  { code: 'collection', name: 'Tahsilat', direction: -1, system_code: 'collection', description: 'Kurban ödemesi tahsil edildiğinde sistem yazar.' },
  { code: 'collectionReversal', name: 'Tahsilat İptali', direction: 1, system_code: 'collectionReversal', description: 'Tahsil edilmiş bir kurban ödemesi iptal ya da iade edildiğinde sistem yazar.' },
  { code: 'sale', name: 'Satış', direction: 1, system_code: 'sale', description: 'Kurban siparişi onaylandığında sistem yazar.' },
  { code: 'saleReversal', name: 'Satış İptali', direction: -1, system_code: 'saleReversal', description: 'Onaylı kurban siparişi iptal edildiğinde sistem yazar.' },
  { code: 'expense', name: 'Gider', direction: 1, system_code: 'expense', description: 'Carilere yansıtılan gider payı; gider dağıtımı yazar.' },
];

/** The types staff post by hand. */
const MANUAL_TRANSACTION_TYPES = [
  { code: 'payment', name: 'Ödeme', direction: 1, description: 'Cariye yapılan ödeme (borçlandırır).' },
  { code: 'purchase', name: 'Alış', direction: -1, description: 'Cariden yapılan alış (alacaklandırır).' },
];

const APPOINTMENT_TYPES = [
  { code: APPOINTMENT_TYPE.slaughter, name: 'Kesim', duration_minutes: 60, default_capacity: 10, color: '#dc2626' },
  { code: APPOINTMENT_TYPE.pickup, name: 'Teslim Alma', duration_minutes: 30, default_capacity: 6, color: '#2563eb' },
  { code: APPOINTMENT_TYPE.visit, name: 'Ziyaret', duration_minutes: 60, default_capacity: 5, color: '#16a34a' },
];

const PAYMENT_METHODS = [
  { name: 'Nakit', code: 'cash', key: 'cash' },
  { name: 'Kredi Kartı', code: 'card', key: 'card' },
  { name: 'Havale/EFT', code: 'transfer', key: 'transfer' },
  { name: 'Sanal POS', code: 'virtualPos', key: 'virtualPos' },
];

const PAYMENT_STATUSES = [
  { code: 'pending', name: 'Bekliyor', color: '#f59e0b', is_final: false },
  { code: 'paid', name: 'Ödendi', color: '#16a34a', is_final: false },
  { code: 'cancelled', name: 'İptal', color: '#64748b', is_final: true },
  { code: 'refunded', name: 'İade', color: '#0ea5e9', is_final: true },
];

// `paid` is not final: a paid payment may still be refunded or cancelled (payment.yaml).
const STEPS = [
  { step_order: 1, code: 'received', name: 'Kabul edildi', color: '#64748b', notify_customer: false, is_final: false },
  { step_order: 2, code: 'slaughtered', name: 'Kesildi', color: '#dc2626', notify_customer: true, is_final: false },
  { step_order: 3, code: 'cut', name: 'Parçalandı', color: '#f97316', notify_customer: false, is_final: false },
  { step_order: 4, code: 'packed', name: 'Paketlendi', color: '#0ea5e9', notify_customer: true, is_final: false },
  { step_order: 5, code: 'delivered', name: 'Teslim edildi', color: '#16a34a', notify_customer: false, is_final: true },
];

const ATTRIBUTE_TYPES = [
  { name: 'Metin', data_type: 'text' },
  { name: 'Sayı', data_type: 'number' },
  { name: 'Evet/Hayır', data_type: 'boolean' },
  { name: 'Tarih', data_type: 'date' },
  { name: 'Seçim', data_type: 'select' },
];

const ATTRIBUTES = [
  { code: ATTRIBUTE.breed, name: 'Irk', dataType: 'select', unit: null, display_order: 1, options: ['Simental', 'Holstein', 'Angus', 'Montofon', 'Yerli Kara'] },
  { code: ATTRIBUTE.liveWeight, name: 'Canlı ağırlık', dataType: 'number', unit: 'kg', display_order: 2, options: [] },
  { code: ATTRIBUTE.earTag, name: 'Küpe no', dataType: 'text', unit: null, display_order: 3, options: [] },
  { code: ATTRIBUTE.age, name: 'Yaş', dataType: 'number', unit: 'ay', display_order: 4, options: [] },
];

function settings(encryptionKey: Buffer) {
  return [
    { key: 'company.name', value: 'Çiftlik', value_type: 'string', description: 'Firma adı; ekranlarda ve makbuzlarda görünür.', is_secret: false, secret_value_enc: null },
    { key: 'company.address', value: '', value_type: 'string', description: 'Firma adresi; makbuzlarda ve tanıtım sayfasında görünür.', is_secret: false, secret_value_enc: null },
    { key: 'company.phone', value: '', value_type: 'string', description: 'Firma telefonu; makbuzlarda ve tanıtım sayfasında görünür.', is_secret: false, secret_value_enc: null },
    { key: 'company.taxNumber', value: '', value_type: 'string', description: 'Firmanın vergi dairesi ve vergi numarası; makbuzlarda görünür.', is_secret: false, secret_value_enc: null },
    { key: 'app.publicUrl', value: 'http://localhost:3000', value_type: 'string', description: 'Çiftliğin müşterilerin ulaştığı adresi (ör. https://kurban.ciftlik.com.tr); SMS içindeki takip bağlantısı bununla başlar.', is_secret: false, secret_value_enc: null },
    { key: 'season.year', value: String(istanbulYear(new Date())), value_type: 'number', description: 'Kurban sezonu yılı; sipariş ve makbuz numaraları bu yılla başlar.', is_secret: false, secret_value_enc: null },
    { key: 'victim.defaultShareCapacity', value: '7', value_type: 'number', description: 'Yeni büyükbaş hayvanın varsayılan hisse sayısı.', is_secret: false, secret_value_enc: null },
    { key: 'monitor.refreshSeconds', value: '10', value_type: 'number', description: 'Monitör ekranının yenilenme aralığı (saniye).', is_secret: false, secret_value_enc: null },
    { key: 'sms.turnNear', value: '3', value_type: 'number', description: "Günün kesim sırasında kesilecek ilk bu kadar hayvanın hissedarlarına 'sıranız yaklaştı' SMS'i ve tahmini saat gider (varsayılan 3; 0: gönderilmez).", is_secret: false, secret_value_enc: null },
    { key: 'backup.dailyKeep', value: '7', value_type: 'number', description: 'Gömülü veritabanının her gün alınan yedeklerinden (DATA_DIR/backups) saklanacak sayı; 0: günlük yedek alınmaz.', is_secret: false, secret_value_enc: null },
    // A secret setting's value is kept encrypted (AES-256-GCM, the server's key) apart from `value`,
    // which stays empty: no read, filter or search of settings can reach it.
    { key: 'netgsm.webhookSecret', value: null, value_type: 'string', description: 'Netgsm çağrı webhook isteklerini doğrulayan gizli anahtar.', is_secret: true, secret_value_enc: encryptSecret(encryptionKey, randomBytes(24).toString('base64url')) },
    // Text messages (domain/messages.ts, sms-providers.ts): read at every send, no restart needed.
    { key: 'sms.provider', value: 'log', value_type: 'string', description: 'SMS sağlayıcısı; log (varsayılan, hiçbir mesaj dışarı gönderilmez, gönderildi olarak kaydedilir) ya da netgsm.', is_secret: false, secret_value_enc: null },
    { key: 'sms.quietHours', value: '21:00-09:00', value_type: 'string', description: "Acil olmayan SMS'lerin bekletildiği sessiz saatler, İstanbul saatiyle SS:DD-SS:DD (ör. 21:00-09:00); boş bırakılırsa yok.", is_secret: false, secret_value_enc: null },
    { key: 'sms.netgsm.baseUrl', value: 'https://api.netgsm.com.tr', value_type: 'string', description: 'Netgsm API adresi (varsayılan https://api.netgsm.com.tr).', is_secret: false, secret_value_enc: null },
    { key: 'sms.netgsm.userCode', value: '', value_type: 'string', description: 'Netgsm kullanıcı kodu (abone numarası).', is_secret: false, secret_value_enc: null },
    { key: 'sms.netgsm.password', value: null, value_type: 'string', description: 'Netgsm API şifresi (gizli; yalnızca yazılır, hiçbir zaman gösterilmez).', is_secret: true, secret_value_enc: null },
    { key: 'sms.netgsm.header', value: '', value_type: 'string', description: 'Netgsm’de tanımlı SMS başlığı (gönderici adı).', is_secret: false, secret_value_enc: null },
  ];
}

// ---------------------------------------------------------------------------------------------

export interface SeedReferenceOptions {
  /** The server's 32-byte key: secret settings are stored encrypted with it. */
  encryptionKey: Buffer;
}

export async function seedReference(pool: pg.Pool, opts: SeedReferenceOptions): Promise<void> {
  await inSeedTransaction(pool, async (db) => {
    await seedLanguages(db);
    await seedTranslations(db);
    await seedClaimsAndAdministrators(db);
    await seedCatalogue(db);
    await seedAccountsAndLedger(db);
    await seedAppointmentsAndPayments(db);
    await seedAttributes(db);
    await insertRows(db, 'settings', settings(opts.encryptionKey), 'ON CONFLICT (key) DO NOTHING');
  });
}

/** Rows of a name-keyed table, written only on the first start (see the header). */
async function seedWhenEmpty(db: Db, table: string, rows: Row[]) {
  if (await isEmpty(db, table)) await insertRows(db, table, rows);
}

/** A default flag is set on insert only when no row carries it yet: exactly one default stays. */
const noDefaultYet = async (db: Db, table: string) =>
  (await db.query(`SELECT NOT EXISTS (SELECT 1 FROM ${table} WHERE is_default) AS none`)).rows[0].none as boolean;

async function seedLanguages(db: Db) {
  const free = await noDefaultYet(db, 'languages');
  const rows = LANGUAGES.map(({ default: isDefault, ...l }) => ({ ...l, is_active: true, is_default: free && isDefault }));
  await insertRows(db, 'languages', rows, 'ON CONFLICT (code) DO NOTHING');
}

async function seedTranslations(db: Db) {
  const messages = readMessages();
  for (const [language, entries] of Object.entries(messages)) {
    const pairs = Object.entries(entries ?? {}).filter(([, v]) => typeof v === 'string' && v.length > 0);
    if (!pairs.length) continue;
    // One statement per language; a language not (yet) in the table simply matches no row.
    await db.query(
      `INSERT INTO translates (language_id, code, value)
       SELECT l.id, m.code, m.value FROM unnest($2::text[], $3::text[]) AS m(code, value)
       JOIN languages l ON l.code = $1
       ON CONFLICT (language_id, code) DO NOTHING`,
      [language, pairs.map(([k]) => k), pairs.map(([, v]) => v)],
    );
  }
}

/** messages.json is generated; a checkout that has not generated it yet simply has no translations. */
function readMessages(): Record<string, Record<string, string>> {
  try {
    return JSON.parse(readFileSync(MESSAGES_URL, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}

const ACTION_WORDS: Record<string, string> = { Read: 'View', Create: 'Create', Update: 'Edit', Delete: 'Delete' };

/** `VictimOrders.Read` → `View victim orders`; acronyms (POS) keep their case. */
export function claimDescription(claim: string): string {
  const [entity, action = ''] = claim.split('.');
  const words = entity
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((w) => (/^[A-Z][a-z]/.test(w) ? w.toLowerCase() : w))
    .join(' ');
  return `${ACTION_WORDS[action] ?? action} ${words}`.trim();
}

export function standardClaimNames(): string[] {
  const claims = JSON.parse(readFileSync(CLAIMS_URL, 'utf8')) as Record<string, string>;
  const names = new Set(Object.values(claims).filter((c) => !NOT_CLAIMS.has(c)));
  for (const c of EXTRA_CLAIMS) names.add(c.name);
  return [...names].sort();
}

async function seedClaimsAndAdministrators(db: Db) {
  // Described in the source language (Turkish), as every stored reference text is: the screens
  // show the stored text in Turkish and its translation in the other languages. The English
  // descriptions older versions stored are replaced; a description staff wrote is kept.
  const extra = new Map(EXTRA_CLAIMS.map((c) => [c.name, c.description]));
  const turkish = readMessages()['tr-TR'] ?? {};
  const rows = standardClaimNames().map((name) => {
    const english = extra.get(name) ?? claimDescription(name);
    return { name, description: turkish[referenceTextId('OperationClaim', 'description', name)] ?? english, english };
  });
  await insertRows(db, 'operation_claims', rows.map(({ name, description }) => ({ name, description })), 'ON CONFLICT (name) DO NOTHING');
  await db.query(
    `UPDATE operation_claims c SET description = r.description
     FROM jsonb_to_recordset($1::jsonb) AS r(name text, description text, english text)
     WHERE c.name = r.name AND c.description = r.english AND r.description <> r.english`,
    [JSON.stringify(rows)],
  );

  // The Administrators group is created (holding Admin) unless some group already holds Admin:
  // a group staff renamed or re-shaped is not created again beside it.
  const { rows: created } = await db.query(
    `INSERT INTO groups (name, description)
     SELECT 'Administrators', 'Yöneticiler: her işlem için yetkili (Admin).'
     WHERE NOT EXISTS (SELECT 1 FROM group_claims gc JOIN operation_claims oc ON oc.id = gc.operation_claim_id WHERE oc.name = 'Admin')
     ON CONFLICT (name) DO NOTHING RETURNING id`,
  );
  if (created.length) {
    await db.query(
      `INSERT INTO group_claims (group_id, operation_claim_id) SELECT $1, id FROM operation_claims WHERE name = 'Admin'
       ON CONFLICT (group_id, operation_claim_id) DO NOTHING`,
      [created[0].id],
    );
  }
}

async function seedCatalogue(db: Db) {
  await seedWhenEmpty(db, 'product_types', PRODUCT_TYPES);
  await seedWhenEmpty(db, 'vat_rates', VAT_RATES.map((v) => ({ ...v, is_active: true })));
  await seedWhenEmpty(db, 'price_types', PRICE_TYPES);
  await restoreServerCodes(db, 'price_types', PRICE_TYPES);
  const free = await noDefaultYet(db, 'currency_types');
  const currencies = CURRENCIES.map(({ default: isDefault, ...c }) => ({ ...c, is_default: free && isDefault }));
  await insertRows(db, 'currency_types', currencies, 'ON CONFLICT (code) DO NOTHING');
}

/** The rows whose code the server relies on (SERVER_CODES) come back when missing, as the seed made them. */
async function restoreServerCodes(db: Db, table: keyof typeof SERVER_CODES, rows: { code: string }[]) {
  const needed: readonly string[] = SERVER_CODES[table];
  await insertRows(db, table, rows.filter((r) => needed.includes(r.code)), 'ON CONFLICT (code) DO NOTHING');
}

async function seedAccountsAndLedger(db: Db) {
  await seedWhenEmpty(db, 'account_types', ACCOUNT_TYPES);
  await restoreServerCodes(db, 'account_types', ACCOUNT_TYPES);
  await seedWhenEmpty(db, 'address_types', ADDRESS_TYPES);
  // The server finds its own types by system code: those always come back when missing.
  await insertRows(db, 'transaction_types', SYSTEM_TRANSACTION_TYPES, 'ON CONFLICT (system_code) DO NOTHING');
  const { rows } = await db.query(`SELECT EXISTS (SELECT 1 FROM transaction_types WHERE system_code IS NULL) AS any`);
  if (!rows[0].any) await insertRows(db, 'transaction_types', MANUAL_TRANSACTION_TYPES.map((t) => ({ ...t, system_code: null })));
}

async function seedAppointmentsAndPayments(db: Db) {
  await seedWhenEmpty(db, 'appointment_types', APPOINTMENT_TYPES.map((t) => ({ ...t, is_active: true })));
  await seedWhenEmpty(db, 'payment_methods', PAYMENT_METHODS.map((m) => ({ ...m, is_active: true })));
  // The server finds "pending" and "paid" by code: statuses always come back when missing.
  await insertRows(db, 'payment_statuses', PAYMENT_STATUSES, 'ON CONFLICT (code) DO NOTHING');
  // Steps have no code the server relies on; staff may drop or rename one, so only the first start seeds them.
  await seedWhenEmpty(db, 'victim_appointment_steps', STEPS);
}

async function seedAttributes(db: Db) {
  await seedWhenEmpty(db, 'attribute_types', ATTRIBUTE_TYPES);
  if (!(await isEmpty(db, 'attributes'))) return;
  for (const a of ATTRIBUTES) {
    // The attribute's type is the first one with its data type (looked up, never assumed).
    const { rows } = await db.query(
      `INSERT INTO attributes (code, name, attribute_type_id, unit, is_required, display_order)
       SELECT $5, $1, id, $2, false, $3 FROM attribute_types WHERE data_type = $4 ORDER BY id LIMIT 1 RETURNING id`,
      [a.name, a.unit, a.display_order, a.dataType, a.code],
    );
    if (!rows.length || !a.options.length) continue;
    await insertRows(db, 'attribute_options', a.options.map((value, i) => ({ attribute_id: rows[0].id, value, display_order: i + 1 })),
      'ON CONFLICT (attribute_id, value) DO NOTHING');
  }
}
