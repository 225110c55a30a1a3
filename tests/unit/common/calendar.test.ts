// The farm's calendar day (common/calendar.ts): Istanbul's, whatever the zone of the process.
import { describe, expect, it } from 'vitest';
import { addDays, inYears, isDay, istanbulDay, istanbulToday } from '../../../common/calendar.ts';

describe('the Istanbul day', () => {
  it('turns at 21:00 UTC (UTC+3 all year)', () => {
    expect(istanbulDay(new Date('2026-05-26T20:59:59Z'))).toBe('2026-05-26');
    expect(istanbulDay(new Date('2026-05-26T21:00:00Z'))).toBe('2026-05-27');
    expect(istanbulDay(Date.parse('2026-12-31T21:30:00Z'))).toBe('2027-01-01');
    expect(istanbulToday(new Date('2026-02-28T22:00:00Z'))).toBe('2026-03-01');
  });

  it('writes the year in 4 digits, as a date is read back', () => {
    expect(istanbulDay(new Date('0099-06-01T12:00:00Z'))).toBe('0099-06-01');
  });
});

describe('days', () => {
  it('are days of the calendar in the years 1 to 9999', () => {
    for (const day of ['2026-05-27', '2028-02-29', '0001-01-01', '9999-12-31']) expect(isDay(day), day).toBe(true);
    for (const day of ['2026-02-30', '2027-02-29', '0000-01-01', '2026-5-27', '2026-05-27T00:00', 20260527, null]) expect(isDay(day), String(day)).toBe(false);
    expect(inYears(new Date('0000-06-01T00:00:00Z'))).toBe(false);
    expect(inYears(new Date('not a date'))).toBe(false);
  });

  it('count on across months, years and leap days', () => {
    expect(addDays('2026-05-27', 6)).toBe('2026-06-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });
});
