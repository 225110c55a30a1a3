// The workflow modules of domain/: their rules on the generic CRUD (hooks, merged per entity),
// their operations and their constraint answers, gathered for the app and the router.
import type { ConstraintErrors, EntityHooks } from '../crud/handlers.ts';
import type { DomainDeps, Operations, WorkflowModule } from './operations.ts';
import { appointments } from './appointments.ts';
import { sessions } from './auth.ts';
import { calls } from './calls.ts';
import { catalogue } from './catalogue.ts';
import { dashboard } from './dashboard.ts';
import { expenses } from './expenses.ts';
import { farm } from './farm.ts';
import { health } from './health.ts';
import { ledger } from './ledger.ts';
import { messages } from './messages.ts';
import { monitor } from './monitor.ts';
import { payments } from './payments.ts';
import { permissions } from './permissions.ts';
import { queue } from './queue.ts';
import { sales } from './sales.ts';
import { settings } from './settings.ts';
import { statements } from './statements.ts';
import { translations } from './translates.ts';
import { tracking } from './tracking.ts';
import { victimOrders } from './victim-orders.ts';

const modules: WorkflowModule[] = [appointments, calls, catalogue, dashboard, expenses, farm, health, ledger, messages, monitor, payments, permissions, queue, sales, sessions, settings, statements, tracking, translations, victimOrders];

/** Hooks by entity: each entity's rules sit in one module. */
export const domainHooks: Record<string, EntityHooks> = {};
for (const m of modules) {
  for (const [entity, hooks] of Object.entries(m.hooks ?? {})) {
    if (domainHooks[entity]) throw new Error(`entity ${entity} has hooks in two modules`);
    domainHooks[entity] = hooks;
  }
}

export const constraintErrors: ConstraintErrors = Object.assign({}, ...modules.map((m) => m.constraintErrors ?? {}));

export function domainOperations(deps: DomainDeps): Operations {
  const out: Operations = {};
  for (const m of modules) {
    for (const [id, op] of Object.entries(m.operations?.(deps) ?? {})) {
      if (out[id]) throw new Error(`operation ${id} has two handlers`);
      out[id] = op;
    }
  }
  return out;
}
