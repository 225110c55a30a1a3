// The farm's calendar: days are Istanbul's, whatever the zone of the server or of the browser.
// A day is `YYYY-MM-DD` (a `date` of the contract, a `?date=` of a day screen).

export const TIME_ZONE = 'Europe/Istanbul';

/** The shape of a day; `isDay` also checks that the calendar has it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date PostgreSQL can compare with: JavaScript reads years PostgreSQL has not (year 0, years
 * before 4713 BC), so a date is kept to the years 1–9999 the contract's formats write.
 */
export const inYears = (d: Date): boolean => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;

/** A `YYYY-MM-DD` that names a day of the calendar (not 2026-02-30, not 0000-01-01). */
export function isDay(v: unknown): v is string {
  if (typeof v !== 'string' || !DAY_PATTERN.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return inYears(d) && d.toISOString().startsWith(v);
}

// Built once: a list filter or a table reads many instants.
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Istanbul day an instant falls on. */
export function istanbulDay(at: Date | number): string {
  const part = Object.fromEntries(dayFormat.formatToParts(at).map((p) => [p.type, p.value]));
  // The year in 4 digits, as PostgreSQL reads a date (`format` writes the year 99 as `99`).
  return `${part.year.padStart(4, '0')}-${part.month}-${part.day}`;
}

/** Today in Istanbul. */
export const istanbulToday = (now: Date = new Date()): string => istanbulDay(now);

/** The day `days` after `day` (before when negative). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
