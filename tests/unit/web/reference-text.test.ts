// @vitest-environment jsdom
// Reference rows' texts in the user's language (issue 17, point 8): one function shows them, the
// translation of the row's key when the catalog has one, else the stored text; the generic screen's
// cells (a row's own text and another entity's lookup) go through it.
import { beforeAll, describe, expect, it } from 'vitest';
import catalogs from '../../../generated/server/messages.json' with { type: 'json' };
import paymentMethods from '../../../generated/admin/PaymentMethods.json' with { type: 'json' };
import victimPayments from '../../../generated/admin/VictimPayments.json' with { type: 'json' };
import operationClaims from '../../../generated/admin/OperationClaims.json' with { type: 'json' };
import { compileCatalog, i18n, usedIds } from '../../../src/lib/i18n.ts';
import { lookupText, referenceText } from '../../../src/lib/reference-text.ts';
import { formatValue } from '../../../src/admin/value-format.ts';
import type { AdminEntity } from '../../../src/admin/types.ts';

const field = (entity: AdminEntity, name: string) => entity.fields.find((f) => f.name === name)!;
const methods = paymentMethods as unknown as AdminEntity;
const payments = victimPayments as unknown as AdminEntity;
const claims = operationClaims as unknown as AdminEntity;

async function show(code: 'tr-TR' | 'en-US') {
  i18n.load(code, await compileCatalog(catalogs[code]));
  i18n.activate(code);
}

describe('referenceText', () => {
  beforeAll(() => show('en-US'));

  it('shows the translation of the key, else the stored text', () => {
    expect(referenceText('PaymentMethod', 'name', 'cash', 'Nakit')).toBe('Cash');
    expect(referenceText('VictimAppointmentStep', 'name', 'slaughtered', 'Kesildi')).toBe('Slaughtered');
    expect(referenceText('PaymentMethod', 'name', null, 'Ziraat Havale')).toBe('Ziraat Havale');
    expect(referenceText('PaymentMethod', 'name', '', 'Ziraat Havale')).toBe('Ziraat Havale');
  });

  it('shows the stored text for a key without a translation, and lists its id for the translation dialog', () => {
    usedIds.clear();
    expect(referenceText('PaymentMethod', 'name', 'ziraat', 'Ziraat Havale')).toBe('Ziraat Havale');
    expect([...usedIds]).toEqual(['ref.paymentMethod.name.ziraat']);
  });

  it('reads a lookup with its key', () => {
    const row = { lookups: { paymentMethodId: 'Havale/EFT', accountId: 'Ali' }, lookupKeys: { paymentMethodId: 'transfer' } };
    expect(lookupText(row, 'paymentMethodId', 'PaymentMethod')).toBe('Bank transfer');
    expect(lookupText({ lookups: { paymentMethodId: 'Havale/EFT' } }, 'paymentMethodId', 'PaymentMethod')).toBe('Havale/EFT');
    expect(lookupText({ lookups: {} }, 'paymentMethodId', 'PaymentMethod')).toBeUndefined();
  });
});

describe('the generic screen', () => {
  it("shows a reference row's name and another row's lookup of it in the active language", async () => {
    await show('en-US');
    expect(formatValue(methods, field(methods, 'name'), { name: 'Nakit', key: 'cash' })).toBe('Cash');
    expect(formatValue(methods, field(methods, 'name'), { name: 'Ziraat Havale', key: null })).toBe('Ziraat Havale');
    const payment = { paymentMethodId: 1, paymentStatusId: 2, lookups: { paymentMethodId: 'Nakit', paymentStatusId: 'Ödendi' }, lookupKeys: { paymentMethodId: 'cash', paymentStatusId: 'paid' } };
    expect(formatValue(payments, field(payments, 'paymentMethodId'), payment)).toBe('Cash');
    expect(formatValue(payments, field(payments, 'paymentStatusId'), payment)).toBe('Paid');
    await show('tr-TR');
    expect(formatValue(payments, field(payments, 'paymentMethodId'), payment)).toBe('Nakit');
  });

  it('shows the stored text in Turkish (the language it is stored in: a rename shows) and the translation in another language', async () => {
    await show('tr-TR');
    const row = { name: 'Products.Read', description: 'Ürünler: görüntüleme' };
    expect(formatValue(claims, field(claims, 'description'), row)).toBe('Ürünler: görüntüleme');
    expect(formatValue(claims, field(claims, 'description'), { ...row, description: 'Ürünleri görme' })).toBe('Ürünleri görme');
    await show('en-US');
    expect(formatValue(claims, field(claims, 'description'), row)).toBe('View Products');
    expect(formatValue(claims, field(claims, 'description'), { name: 'Custom.Thing', description: 'Özel' })).toBe('Özel');
  });
});
