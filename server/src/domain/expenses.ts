// Expense distribution (being written).
import { HttpError } from '../core/errors.ts';
import type { WorkflowModule } from './operations.ts';

// TODO(season): placeholder until the module is written; nothing may remain of it.
const notYet = async () => { throw new HttpError(501, 'error.internal', 'Not implemented yet'); };

export const expenses: WorkflowModule = {
  operations: () => ({ distributeExpense: notYet }),
};
