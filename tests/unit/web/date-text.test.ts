// The date and time fields' text (issue 17, point 11): written and read in the interface language,
// whatever the browser's.
import { describe, expect, it } from 'vitest';
import { dateTextPlaceholder, formatDateText, isDateValue, parseDateText } from '../../../src/components/ui/date-text.ts';

describe('a day', () => {
  it('is written the way the language writes it', () => {
    expect(formatDateText('2026-05-07', 'date', 'tr-TR')).toBe('07.05.2026');
    expect(formatDateText('2026-05-07', 'date', 'en-US')).toBe('05/07/2026');
    expect(formatDateText('2026-05-07', 'date', 'en-GB')).toBe('07/05/2026');
  });

  it('is read in the language\'s order, and the ISO way in every language', () => {
    expect(parseDateText('07.05.2026', 'date', 'tr-TR')).toBe('2026-05-07');
    expect(parseDateText('7.5.2026', 'date', 'tr-TR')).toBe('2026-05-07');
    expect(parseDateText('05/07/2026', 'date', 'en-US')).toBe('2026-05-07');
    expect(parseDateText('2026-05-07', 'date', 'tr-TR')).toBe('2026-05-07');
    expect(parseDateText('2026-05-07', 'date', 'en-US')).toBe('2026-05-07');
    expect(parseDateText('  ', 'date', 'tr-TR')).toBe('');
  });

  it('refuses what is no day, and a year not typed in full', () => {
    for (const text of ['31.02.2026', '13/13/2026', '07.05.26', '07.05', '07.05.2026.1', 'yarın', '32.01.2026']) {
      expect(parseDateText(text, 'date', text.includes('/') ? 'en-US' : 'tr-TR'), text).toBeUndefined();
    }
    expect(parseDateText('29.02.2028', 'date', 'tr-TR')).toBe('2028-02-29');
  });

  it('falls back to Turkish for a language code the browser does not know', () => {
    expect(formatDateText('2026-05-07', 'date', 'not a language')).toBe('07.05.2026');
  });
});

describe('a time and a date and time', () => {
  it('use the language\'s clock', () => {
    expect(formatDateText('17:05', 'time', 'tr-TR')).toBe('17:05');
    expect(formatDateText('17:05', 'time', 'en-US')).toBe('05:05 PM');
    expect(formatDateText('2026-05-07T09:30', 'datetime', 'tr-TR')).toBe('07.05.2026 09:30');
    expect(formatDateText('2026-05-07T21:30', 'datetime', 'en-US')).toBe('05/07/2026, 09:30 PM');
  });

  it('are read with or without the period of the day', () => {
    expect(parseDateText('5:05 pm', 'time', 'en-US')).toBe('17:05');
    expect(parseDateText('12:00 AM', 'time', 'en-US')).toBe('00:00');
    expect(parseDateText('17:05', 'time', 'en-US')).toBe('17:05');
    expect(parseDateText('9:00', 'time', 'tr-TR')).toBe('09:00');
    expect(parseDateText('05/07/2026, 09:30 PM', 'datetime', 'en-US')).toBe('2026-05-07T21:30');
    expect(parseDateText('07.05.2026 21:30', 'datetime', 'tr-TR')).toBe('2026-05-07T21:30');
    expect(parseDateText('2026-05-07T21:30:00', 'datetime', 'tr-TR')).toBe('2026-05-07T21:30');
    expect(parseDateText('24:00', 'time', 'tr-TR')).toBeUndefined();
    expect(parseDateText('13:00 PM', 'time', 'en-US')).toBeUndefined();
    expect(parseDateText('07.05.2026', 'datetime', 'tr-TR')).toBeUndefined();
  });

  it('round-trip: what is written is read back', () => {
    for (const lang of ['tr-TR', 'en-US', 'de-DE', 'en-GB']) {
      expect(parseDateText(formatDateText('2031-12-31', 'date', lang), 'date', lang)).toBe('2031-12-31');
      expect(parseDateText(formatDateText('00:15', 'time', lang), 'time', lang)).toBe('00:15');
      expect(parseDateText(formatDateText('2031-12-31T23:59', 'datetime', lang), 'datetime', lang)).toBe('2031-12-31T23:59');
    }
  });
});

describe('values and placeholders', () => {
  it('tells values of each kind', () => {
    expect(isDateValue('2026-05-07', 'date')).toBe(true);
    expect(isDateValue('2026-02-30', 'date')).toBe(false);
    expect(isDateValue('07.05.2026', 'date')).toBe(false);
    expect(isDateValue('23:59', 'time')).toBe(true);
    expect(isDateValue('2026-05-07T23:59', 'datetime')).toBe(true);
    expect(isDateValue(null, 'date')).toBe(false);
  });

  it('say the pattern in the language\'s words', () => {
    expect(dateTextPlaceholder('date', 'tr-TR')).toBe('gün.ay.yıl');
    expect(dateTextPlaceholder('date', 'en-US')).toBe('month/day/year');
  });
});
