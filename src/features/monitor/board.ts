// The Monitor's board as data: today's date in Europe/Istanbul, a `change` event applied to the
// cached board, and readable text on a step's colour.
import type { MonitorBoard, MonitorChange, MonitorEntry } from '../../../generated/api/model/index.ts';
import { TIME_ZONE } from '@/lib/format.ts';

/** Today in Europe/Istanbul, `YYYY-MM-DD` (the server's default day). */
export const istanbulToday = (now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);

export const boardKey = (date: string) => ['Monitor/board', date] as const;

const bySlaughterNo = (a: MonitorEntry, b: MonitorEntry) => a.slaughterNo - b.slaughterNo || a.id - b.id;

/** The board after a change: the entry replaced (or removed when it left the day), in slaughter order. */
export function applyChange(board: MonitorBoard | undefined, change: MonitorChange): MonitorBoard | undefined {
  if (!board || change.date !== board.date) return board;
  const entries = board.entries.filter((e) => e.id !== change.id);
  if (change.entry) entries.push(change.entry);
  return { ...board, entries: entries.sort(bySlaughterNo) };
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
export function chipColors(color: string): { backgroundColor: string; color: string } | undefined {
  const l = luminance(color);
  if (l === undefined) return undefined;
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return { backgroundColor: color.trim(), color: onBlack >= onWhite ? '#000000' : '#ffffff' };
}
