// Hand ledger entries and transaction types (being written).
import type { WorkflowModule } from './operations.ts';

export const ledger: WorkflowModule = {};
