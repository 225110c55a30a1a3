// Dates of the Kurban season in Europe/Istanbul. Türkiye has kept UTC+3 all year since 2016, so a
// fixed offset is exact for every season the demo can fall in.

const OFFSET = '+03:00';
const OFFSET_MS = 3 * 3600_000;
const DAY_MS = 86_400_000;

/** First day of Kurban Bayramı as announced by Diyanet. */
const KURBAN_BAYRAMI: Record<number, string> = {
  2024: '2024-06-16',
  2025: '2025-06-06',
  2026: '2026-05-27',
  2027: '2027-05-16',
  2028: '2028-05-05',
  2029: '2029-04-24',
  2030: '2030-04-13',
};

/** The first day of Kurban Bayramı; outside the table, the lunar year's drift from 2026 (±1 day). */
export function kurbanFirstDay(year: number): string {
  const known = KURBAN_BAYRAMI[year];
  if (known) return known;
  const anchor = Date.parse('2026-05-27T00:00:00Z');
  let t = anchor + Math.round((year - 2026) * 354.367) * DAY_MS;
  // Several Islamic years drift through one Gregorian year; keep the one that falls in `year`.
  while (new Date(t).getUTCFullYear() > year) t -= 354 * DAY_MS;
  while (new Date(t).getUTCFullYear() < year) t += 354 * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/** Today's date in Istanbul. */
export const istanbulDate = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);

export const istanbulYear = (at: Date) => Number(istanbulDate(at).slice(0, 4));

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** A wall-clock time in Istanbul as an ISO timestamp, e.g. `2026-05-27T07:00:00+03:00`. */
export function at(date: string, minutesOfDay: number): string {
  const h = String(Math.floor(minutesOfDay / 60)).padStart(2, '0');
  const m = String(minutesOfDay % 60).padStart(2, '0');
  return `${date}T${h}:${m}:00${OFFSET}`;
}

export const minDate = (a: string, b: string) => (a < b ? a : b);
export const maxDate = (a: string, b: string) => (a > b ? a : b);
