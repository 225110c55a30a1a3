// The day's slaughter board kept live: the board from `Monitor/board`, then the `Monitor/events`
// stream's snapshot and changes written into the same query cache. The Monitor and the slaughter
// queue screen share it (one cache entry per day, one stream per screen), and the colours of a
// step's chip.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getGetMonitorBoardQueryKey, getMonitorBoard } from '../../../generated/api/monitor/monitor.ts';
import type { MonitorBoard, MonitorChange, MonitorEntry } from '../../../generated/api/model/index.ts';
import { dataOf } from '@/lib/envelope.ts';
import { useEventStream } from '@/lib/event-stream.ts';
import { referenceText } from '@/lib/reference-text.ts';

/** The cache holds the board itself (not the call's answer: the stream writes boards and entries
 *  into it), under a key derived from the call's (src/lib/query-keys.ts). */
export const boardKey = (date: string) => [...getGetMonitorBoardQueryKey({ date }), 'live'] as const;

const bySlaughterNo = (a: MonitorEntry, b: MonitorEntry) => a.slaughterNo - b.slaughterNo || a.id - b.id;

/** The board after a change: the entry replaced (or removed when it left the day), in slaughter order. */
export function applyChange(board: MonitorBoard | undefined, change: MonitorChange): MonitorBoard | undefined {
  if (!board || change.date !== board.date) return board;
  const entries = board.entries.filter((e) => e.id !== change.id);
  if (change.entry) entries.push(change.entry);
  return { ...board, entries: entries.sort(bySlaughterNo) };
}

/** The board with one animal moved to a step (after one's own advance, before its `change` event). */
export function withStep(board: MonitorBoard | undefined, id: number, stepId: number | null): MonitorBoard | undefined {
  if (!board) return board;
  return { ...board, entries: board.entries.map((e): MonitorEntry => (e.id === id ? { ...e, stepId } : e)) };
}

/**
 * The day's board, live. `retry` keeps a hall screen trying while the server is away; the
 * stream's snapshot fills the board as soon as it is back.
 */
export function useLiveBoard(date: string, { retry = false }: { retry?: boolean } = {}) {
  const queryClient = useQueryClient();
  const key = boardKey(date);
  const board = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => dataOf(await getMonitorBoard({ date }, { signal, silent: true })),
    retry,
    retryDelay: (n) => Math.min(1000 * 2 ** n, 10_000),
  });
  const { connected } = useEventStream({
    path: `/Monitor/events?date=${date}`,
    events: {
      snapshot: (data) => queryClient.setQueryData<MonitorBoard>(key, JSON.parse(data) as MonitorBoard),
      change: (data) => queryClient.setQueryData<MonitorBoard>(key, (old) => applyChange(old, JSON.parse(data) as MonitorChange)),
    },
    // Any API call renews an expired access token (the fetcher refreshes on a 401).
    renewToken: () => getMonitorBoard({ date }, { silent: true }),
  });
  const setStep = useCallback(
    (id: number, stepId: number | null) => queryClient.setQueryData<MonitorBoard>(boardKey(date), (old) => withStep(old, id, stepId)),
    [queryClient, date],
  );
  return { board, connected, setStep };
}

/** Relative luminance of `#rgb` / `#rrggbb` (WCAG), or undefined for anything else. */
function luminance(color: string): number | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** A step's chip colours: its colour as the background, black or white text, whichever reads better. */
/** A slaughter step's name in the user's language (its code's translation, else its stored name). */
export const stepName = (step: { name: string; code?: string | null }): string =>
  referenceText('VictimAppointmentStep', 'name', step.code, step.name);

export function chipColors(color: string | undefined): { backgroundColor: string; color: string } | undefined {
  const l = color === undefined ? undefined : luminance(color);
  if (l === undefined || color === undefined) return undefined;
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return { backgroundColor: color.trim(), color: onBlack >= onWhite ? '#000000' : '#ffffff' };
}
