// @vitest-environment jsdom
// The generic dialog's save of an idempotent entity (a payment, a booking, an order…) carries one
// Idempotency-Key per submission, create or update: the same key when the same body is sent
// again, none on an entity that does not take one. A generated create hook made with
// `keyedCreate` sends the form's key too.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveRow } from '../../../src/admin/api.ts';
import { keyedCreate, submissionKeys } from '../../../src/lib/submission-key.ts';
import { loadAdminEntity, type AdminEntity } from '../../../generated/admin/index.ts';
import { createVictimAppointment } from '../../../generated/api/victim-appointments/victim-appointments.ts';

const sent: { url: string; key: string | null }[] = [];
vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
  sent.push({ url, key: new Headers(init.headers).get('Idempotency-Key') });
  return new Response(JSON.stringify({ success: true, data: { id: 1 }, error: null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
}));
afterEach(() => void sent.splice(0));

const entity = (plural: string): Promise<AdminEntity> => loadAdminEntity[plural]();

describe('idempotent saves', () => {
  it('the creates whose double would be a wrong fact are idempotent in the metadata', async () => {
    const all = await Promise.all(Object.keys(loadAdminEntity).map(entity));
    expect(all.filter((e) => e.idempotent).map((e) => e.plural).sort()).toEqual(
      ['Accounts', 'Appointments', 'ProductPrices', 'Transactions', 'VictimAppointments', 'VictimOrders', 'VictimPayments', 'VictimProductsAppointments']);
  });

  it('a save of an idempotent entity sends the key of its body, the same on a retry, create or update', async () => {
    let n = 0;
    const keyFor = submissionKeys(() => `k${++n}`);
    const payments = await entity('VictimPayments');
    await saveRow(payments, 'create', { amount: '10.00' }, keyFor);
    await saveRow(payments, 'create', { amount: '10.00' }, keyFor);
    await saveRow(payments, 'create', { amount: '12.00' }, keyFor);
    await saveRow(payments, 'update', { id: 1, rowVersion: 1, amount: '12.00' }, keyFor);
    await saveRow(payments, 'update', { id: 1, rowVersion: 1, amount: '12.00' }, keyFor);
    expect(sent.map((r) => r.key)).toEqual(['k1', 'k1', 'k2', 'k3', 'k3']);
  });

  it('an entity that takes no key gets none', async () => {
    await saveRow(await entity('AccountAddresses'), 'create', { address: 'Yeni' }, submissionKeys());
    expect(sent).toEqual([{ url: expect.stringContaining('/AccountAddresses'), key: null }]);
  });

  it('keyedCreate: a generated create sends the form key of its body, a new one after a success', async () => {
    let n = 0;
    const { mutation } = keyedCreate(submissionKeys(() => `form-key-${++n}`), createVictimAppointment);
    const data = { victimOrderId: 1, accountId: 1, appointmentId: 1 };
    await mutation.mutationFn({ data });
    await mutation.mutationFn({ data }); // a retry of a lost answer
    mutation.onSuccess();
    await mutation.mutationFn({ data }); // the same booking made again later: a new action
    expect(sent.map((r) => r.key)).toEqual(['form-key-1', 'form-key-1', 'form-key-2']);
  });
});
