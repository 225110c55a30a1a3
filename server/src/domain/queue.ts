// The slaughter queue (contract: VictimProductsAppointment, `advance`): only animals are queued,
// and an animal moves through the steps one at a time. The database writes the step history
// (who, from `kurban.user_id`; when; from; to) and announces the change to the Monitor feed.
import type pg from 'pg';
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

const queueHooks: EntityHooks = {
  async beforeWrite({ client, values }) {
    if (typeof values.productId === 'number') await requireAnimal(client, values.productId);
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
