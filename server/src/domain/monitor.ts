// The Monitor board and its live feed (being written).
import { HttpError } from '../core/errors.ts';
import type { WorkflowModule } from './operations.ts';

// TODO(season): placeholder until the module is written; nothing may remain of it.
const notYet = async () => { throw new HttpError(501, 'error.internal', 'Not implemented yet'); };

export const monitor: WorkflowModule = {
  operations: () => ({ getMonitorBoard: notYet, getMonitorEvents: notYet }),
};
