// The slaughter queue (contract: VictimProductsAppointment, `advance`): only animals are queued,
// and an animal moves through the steps one at a time. The database writes the step history
// (who, from `kurban.user_id`; when; from; to) and announces the change to the Monitor feed.
import type pg from 'pg';
import { APPOINTMENT_TYPE } from '../../../common/reference-codes.ts';
import { HttpError, badRequest, fieldError, notFound } from '../core/errors.ts';
import { inTransaction } from '../db/client.ts';
import { entityByName } from '../crud/entities.ts';
import { type EntityHooks, readRow, staleRow, translateDbError } from '../crud/handlers.ts';
import type { DomainDeps, OperationInput, WorkflowModule } from './operations.ts';

const queueEntity = () => entityByName.get('VictimProductsAppointment')!;

/** An animal is a product with a share capacity (a cattle 7, a sheep or goat 1). */
async function requireAnimal(client: pg.PoolClient, productId: number) {
  const { rows } = await client.query('SELECT share_capacity FROM products WHERE id = $1', [productId]);
  // A missing product is the foreign key's answer (400 lookupNotFound on productId).
  if (rows[0] && rows[0].share_capacity === null) throw badRequest([fieldError('productId', 'notAnimal')]);
}

/**
 * Takes the lock of a slaughter day (held until commit) and answers its next slaughter number:
 * two additions to one day (a booking, the queue's own create) never take the same number; the
 * unique index per day is the backstop.
 */
export async function nextSlaughterNo(client: pg.PoolClient, day: string): Promise<number> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('kurban.queue.day'), $1::date - date '2000-01-01')`, [day]);
  const { rows } = await client.query(`SELECT coalesce(max(slaughter_no), 0) + 1 AS n FROM victim_products_appointments WHERE slaughter_day = $1::date`, [day]);
  return rows[0].n as number;
}

const queueHooks: EntityHooks = {
  async beforeWrite({ client, values, id }) {
    if (typeof values.productId === 'number') await requireAnimal(client, values.productId);
    // A create without a number gets its slot's day's next one (openapi: slaughterNo, x-assigned).
    // The slot first, then the day, in the order a booking takes them (its slot FOR UPDATE, then
    // the day): the insert's foreign key would otherwise wait for the slot under the day's lock.
    // The queue is the slaughter's: its slot is a slaughter slot, on every write path.
    if (typeof values.appointmentId === 'number') {
      const { rows } = await client.query(
        `SELECT to_char(a.starts_at AT TIME ZONE 'Europe/Istanbul', 'YYYY-MM-DD') AS day, t.code
         FROM appointments a JOIN appointment_types t ON t.id = a.appointment_type_id WHERE a.id = $1 FOR KEY SHARE OF a`,
        [values.appointmentId],
      );
      // A missing slot is the foreign key's answer (400 lookupNotFound on appointmentId).
      const slot = rows[0] as { day: string; code: string | null } | undefined;
      if (slot && slot.code !== APPOINTMENT_TYPE.slaughter) throw badRequest([fieldError('appointmentId', 'notSlaughterSlot')]);
      if (id === undefined && values.slaughterNo === undefined) values.slaughterNo = slot ? await nextSlaughterNo(client, slot.day) : 1;
    }
  },
};

interface Step { id: number; isFinal: boolean }

/** The step after `current` in step order (the first when none): refused at a final or the last step. */
function nextStep(steps: Step[], current: number | null): Step {
  if (current === null) return steps[0];
  const at = steps.findIndex((s) => s.id === current);
  if (steps[at].isFinal || at === steps.length - 1) {
    throw new HttpError(409, 'error.step.final', 'Hayvan son aşamada; ilerletilemez.', { params: { stepId: current } });
  }
  return steps[at + 1];
}

function advance(deps: DomainDeps) {
  return async ({ params, body, userId, operation }: OperationInput) => {
    const e = queueEntity();
    const id = params.id as number;
    const { stepId, rowVersion } = (body ?? {}) as { stepId?: number; rowVersion?: number };
    try {
      return await inTransaction(deps.pool, async (client) => {
        // Locked until commit: two workers advancing one animal take turns, the second sees the first's step.
        const current = await readRow(client, e, id, 'change');
        if (!current) throw notFound();
        if (rowVersion !== undefined && current.rowVersion !== rowVersion) throw staleRow(current);
        const { rows: steps } = await client.query<Step>('SELECT id, is_final AS "isFinal" FROM victim_appointment_steps ORDER BY step_order, id');
        if (!steps.length) throw new HttpError(409, 'error.step.none', 'Tanımlı kesim aşaması yok.');
        const from = current.currentStepId as number | null;
        let to: Step;
        if (stepId !== undefined) {
          const named = steps.find((s) => s.id === stepId);
          if (!named) throw badRequest([fieldError('stepId', 'lookupNotFound')]);
          if (named.id === from) throw new HttpError(409, 'error.step.same', 'Hayvan zaten bu aşamada.', { params: { stepId } });
          to = named;
        } else {
          to = nextStep(steps, from);
        }
        await client.query(
          'UPDATE victim_products_appointments SET current_step_id = $2, row_version = row_version + 1, updated_at = now() WHERE id = $1',
          [id, to.id],
        );
        return (await readRow(client, e, id))!;
      }, { userId, operation });
    } catch (err) {
      // A step deleted meanwhile is the foreign key's refusal: a 400 on the step, not a 500.
      translateDbError(e, err, deps.crud.constraintErrors);
    }
  };
}

export const queue: WorkflowModule = {
  hooks: { VictimProductsAppointment: queueHooks },
  operations: (deps) => ({ advanceVictimProductsAppointment: advance(deps) }),
};
