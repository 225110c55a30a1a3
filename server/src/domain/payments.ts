// Kurban payments (being written).
import type { WorkflowModule } from './operations.ts';

export const payments: WorkflowModule = {};
