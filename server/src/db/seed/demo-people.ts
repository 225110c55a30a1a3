// Demo people: staff users with their groups, and the accounts (customers, donors, suppliers,
// staff) with their addresses.
import { ACCOUNT_NOTES, FEMALE_NAMES, MALE_NAMES, PLACES, STAFF, STREETS, SUPPLIERS, SURNAMES } from './demo-data.ts';
import type { DemoContext } from './demo-context.ts';
import { phoneKey } from '../../../../common/phone.ts';
import { makeMobile, makeTckn, makeVkn } from './random.ts';
import { allocateIds, idsBy, insertRows, need } from './sql.ts';
import { ACCOUNT_TYPE } from '../../../../common/reference-codes.ts';

type Place = { city: string; district: string; postalCode: string };

export interface DemoAccount {
  id: number;
  code: string;
  title: string;
  kind: 'customer' | 'donor' | 'supplier' | 'staff';
  firstName: string;
  surname: string;
  phone: string | null;
  isActive: boolean;
  home: Place;
}

// ---- staff users --------------------------------------------------------------------------------

/** Staff users without a password: they exist (the Users screens are not empty) but cannot sign in until one is set. */
const USERS = [
  { first_name: 'Veli', last_name: 'Erdem', email: 'veli.erdem@example.com', phone_number: '+90 532 410 22 18', group: 'Kasa' },
  { first_name: 'Hasan', last_name: 'Kocabaş', email: 'hasan.kocabas@example.com', phone_number: '+90 542 318 74 09', group: 'Kesimhane' },
  { first_name: 'Salon', last_name: 'Ekranı', email: 'monitor@example.com', phone_number: null, group: null },
];

const GROUPS = [
  {
    name: 'Kasa',
    description: 'Tahsilat ve kurban ödemeleri.',
    claims: ['VictimPayments.Read', 'VictimPayments.Create', 'VictimPayments.Update', 'VictimOrders.Read', 'Accounts.Read', 'Transactions.Read', 'PaymentMethods.Read', 'VirtualPOSs.Read'],
  },
  {
    name: 'Kesimhane',
    description: 'Kesim sırası ve aşamalar.',
    claims: ['VictimProductsAppointments.Read', 'VictimProductsAppointments.Update', 'VictimAppointmentSteps.Read', 'VictimAppointments.Read', 'VictimAppointments.Update', 'Appointments.Read', 'Monitor.Read'],
  },
];

export async function seedUsers(ctx: DemoContext): Promise<void> {
  const { db } = ctx;
  await insertRows(db, 'groups', GROUPS.map(({ name, description }) => ({ name, description })), 'ON CONFLICT (name) DO NOTHING');
  const userRows = USERS.map((u) => ({ first_name: u.first_name, last_name: u.last_name, email: u.email, phone_number: u.phone_number, status: 'active' }));
  await insertRows(db, 'users', userRows, 'ON CONFLICT (email) DO NOTHING');
  const groups = await idsBy(db, 'groups', 'name');
  const users = await idsBy(db, 'users', 'email');
  const claims = await idsBy(db, 'operation_claims', 'name');
  const groupClaims = GROUPS.flatMap((g) =>
    g.claims.filter((c) => claims.has(c)).map((c) => ({ group_id: groups.get(g.name), operation_claim_id: claims.get(c) })),
  );
  await insertRows(db, 'group_claims', groupClaims, 'ON CONFLICT (group_id, operation_claim_id) DO NOTHING');
  const memberships = USERS.filter((u) => u.group).map((u) => ({ user_id: users.get(u.email), group_id: groups.get(u.group!) }));
  await insertRows(db, 'user_groups', memberships, 'ON CONFLICT (user_id, group_id) DO NOTHING');
  // The waiting hall's screen signs in as its own user holding only Monitor.Read.
  await insertRows(db, 'user_claims', [{ user_id: users.get('monitor@example.com'), operation_claim_id: need(claims, 'Monitor.Read', 'claim') }],
    'ON CONFLICT (user_id, operation_claim_id) DO NOTHING');
}

// ---- accounts -----------------------------------------------------------------------------------

const CUSTOMER_COUNT = 40;
const DONOR_COUNT = 2;
/** Customers 2 and 3 are sub-accounts of customer 1 (one family, one main account). */
const FAMILY_SIZE = 3;
/** One customer moved away: kept, but inactive and without orders. */
export const INACTIVE_CUSTOMER = 37;

const ASCII: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', İ: 'i', ö: 'o', ş: 's', ü: 'u', Ç: 'c', Ğ: 'g', Ö: 'o', Ş: 's', Ü: 'u' };
const emailPart = (s: string) => [...s].map((ch) => ASCII[ch] ?? ch).join('').toLowerCase().replace(/[^a-z]/g, '');

export async function seedAccounts(ctx: DemoContext): Promise<DemoAccount[]> {
  const { db, rnd, ref } = ctx;
  const phones = new Set<string>();
  const uniqueMobile = () => {
    for (;;) {
      const p = makeMobile(rnd);
      if (!phones.has(phoneKey(p))) return phones.add(phoneKey(p)), p;
    }
  };

  const people: Omit<DemoAccount, 'id'>[] = [];
  for (let i = 0; i < CUSTOMER_COUNT; i++) {
    const family = i < FAMILY_SIZE;
    const surname = family ? SURNAMES[0] : SURNAMES[i - FAMILY_SIZE + 1];
    const female = i === 1 || (!family && rnd.chance(0.25));
    const taken = new Set(people.filter((p) => p.surname === surname).map((p) => p.firstName));
    const names = (female ? FEMALE_NAMES : MALE_NAMES).filter((n) => !taken.has(n));
    const firstName = rnd.pick(names);
    const donor = i >= CUSTOMER_COUNT - DONOR_COUNT;
    const code = donor ? `B${String(i - CUSTOMER_COUNT + DONOR_COUNT + 1).padStart(6, '0')}` : `C${String(i + 1).padStart(6, '0')}`;
    people.push({ code, title: `${firstName} ${surname}`, kind: donor ? 'donor' : 'customer', firstName, surname, phone: uniqueMobile(), isActive: i !== INACTIVE_CUSTOMER, home: rnd.pick(PLACES) });
  }
  SUPPLIERS.forEach((s, i) =>
    people.push({ code: `T${String(i + 1).padStart(6, '0')}`, title: s.title, kind: 'supplier', firstName: '', surname: '', phone: s.phone, isActive: true, home: s }),
  );
  STAFF.forEach((s, i) => {
    const [firstName, surname] = s.title.split(' ');
    people.push({ code: `P${String(i + 1).padStart(6, '0')}`, title: s.title, kind: 'staff', firstName, surname, phone: uniqueMobile(), isActive: true, home: rnd.pick(PLACES) });
  });

  const ids = await allocateIds(db, 'accounts', people.length);
  const accounts: DemoAccount[] = people.map((p, i) => ({ ...p, id: ids[i] }));
  const typeOf = { customer: ACCOUNT_TYPE.customer, donor: ACCOUNT_TYPE.donor, supplier: ACCOUNT_TYPE.supplier, staff: ACCOUNT_TYPE.staff } as const;
  const usedEmails = new Set<string>();
  await insertRows(db, 'accounts', accounts.map((a, i) => {
    const supplier = SUPPLIERS.find((s) => s.title === a.title);
    let email: string | null = supplier?.email ?? null;
    if (!supplier && rnd.chance(0.7)) {
      email = `${emailPart(a.firstName)}.${emailPart(a.surname)}@example.com`;
      if (usedEmails.has(email)) email = `${emailPart(a.firstName)}.${emailPart(a.surname)}${i}@example.com`;
      usedEmails.add(email);
    }
    return {
      id: a.id,
      code: a.code,
      title: a.title,
      account_type_id: need(ref.accountTypes, typeOf[a.kind], 'account type'),
      main_account_id: i > 0 && i < FAMILY_SIZE ? accounts[0].id : null,
      // Companies have a VKN and tax office; a few people never gave their TCKN.
      identity_number: supplier ? makeVkn(rnd) : rnd.chance(0.9) ? makeTckn(rnd) : null,
      tax_office: supplier?.taxOffice ?? null,
      phone_number: a.phone,
      email,
      notes: i === INACTIVE_CUSTOMER ? 'Başka şehre taşındı.' : a.kind === 'staff' ? STAFF.find((s) => s.title === a.title)!.note : rnd.chance(0.15) ? rnd.pick(ACCOUNT_NOTES) : null,
      is_active: a.isActive,
      balance: '0.00', // the database keeps it from the ledger
    };
  }));
  return accounts;
}

/** Everyone has one default address; companies an invoice address too; delivery customers a delivery address. */
export async function seedAddresses(ctx: DemoContext, accounts: DemoAccount[], deliveryAccountIds: Set<number>): Promise<number> {
  const { db, rnd, ref } = ctx;
  const type = (name: string) => need(ref.addressTypes, name, 'address type');
  const line = () => `${rnd.pick(STREETS)} No: ${rnd.int(1, 120)}${rnd.chance(0.7) ? ` D: ${rnd.int(1, 24)}` : ''}`;
  const rows: Record<string, unknown>[] = [];
  const add = (a: DemoAccount, typeName: string, place: Place, isDefault: boolean, addressLine = line()) =>
    rows.push({ account_id: a.id, address_type_id: type(typeName), city: place.city, district: place.district, address_line: addressLine, postal_code: place.postalCode, is_default: isDefault });
  for (const a of accounts) {
    if (a.kind === 'supplier') {
      const street = `Organize Sanayi Bölgesi ${rnd.int(1, 9)}. Cad. No: ${rnd.int(1, 60)}`;
      add(a, 'İş', a.home, true, street);
      add(a, 'Fatura', a.home, false, street);
      continue;
    }
    // Delivery goes to the default address: for delivery customers that is their delivery address.
    const delivers = deliveryAccountIds.has(a.id);
    add(a, 'Ev', a.home, !delivers);
    if (delivers) add(a, 'Teslimat', rnd.chance(0.5) ? a.home : rnd.pick(PLACES), true);
    else if (rnd.chance(0.25)) add(a, 'İş', rnd.pick(PLACES), false);
  }
  await insertRows(db, 'account_addresses', rows);
  return rows.length;
}
