// The slaughter queue as data: one row shape for both sources (the Monitor board, or the paged
// list of the queue for a user without Monitor.Read).
import { getGetVictimProductsAppointmentsForPagingQueryKey } from '../../../generated/api/victim-products-appointments/victim-products-appointments.ts';
import type { PagedListRequest } from '../../../generated/api/model/index.ts';

/** One animal of the day's queue. */
export interface QueueRow {
  id: number;
  slaughterNo: number;
  animalCode: string;
  stepId: number | null;
  /** Known from the paged list only (the board carries none). */
  rowVersion?: number;
}

/** One step of the slaughter (name, colour, order). */
export interface QueueStep {
  id: number;
  name: string;
  color: string;
  stepOrder: number;
  isFinal: boolean;
}

/** The day's queue from the paged list: every animal of the day, in slaughter order. */
export const queueRequest = (date: string): PagedListRequest => ({
  PageNumber: 1,
  PageSize: 500,
  FilterParam: [{ ColumnName: 'slaughterDay', FilterValue: date, MatchMode: 'dateIs', Operator: 'and' }],
  SortingParams: [{ ColumnName: 'slaughterNo', SortOrder: 1 }],
});

/** The cache of the day's rows (not the call's answer: an advance writes its row into them), a
 *  key derived from the call's (src/lib/query-keys.ts). */
export const queueRowsKey = (date: string) => [...getGetVictimProductsAppointmentsForPagingQueryKey(queueRequest(date)), 'rows'] as const;
