// The slaughter queue as data: one row shape for both sources (the Monitor board, or the paged
// list of the queue for a user without Monitor.Read).

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

export const queueListKey = (date: string) => ['slaughter/list', date] as const;
