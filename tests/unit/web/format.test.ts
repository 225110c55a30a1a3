// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { currencyCode, formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, formatPhone, formatValue, moneyEditText, parseMoney, setCurrencies, telHref } from '../../../src/lib/format.ts';
import { activateLanguage } from '../../../src/lib/i18n.ts';

beforeAll(() => activateLanguage('tr-TR'));

describe('money', () => {
  it('shows the farm\'s currency with the language\'s separators, never the language\'s currency', () => {
    expect(formatMoney('1234.56', 'tr-TR')).toBe('₺1.234,56');
    expect(formatMoney('1234.56', 'en-US')).toBe('₺1,234.56');
    expect(formatMoney('5', 'tr-TR')).toBe('₺5,00');
    expect(formatMoney(0.1, 'en-US')).toBe('₺0.10');
    expect(formatMoney('-12.5', 'tr-TR')).toBe('-₺12,50');
  });

  it('keeps every digit of the largest amounts the contract allows (no float loss)', () => {
    expect(formatMoney('9999999999999999.99', 'tr-TR')).toBe('₺9.999.999.999.999.999,99');
    expect(formatMoney('1234567890123456.78', 'en-US')).toBe('₺1,234,567,890,123,456.78');
  });

  it('follows the active language, takes an explicit currency, leaves odd values alone', () => {
    expect(formatMoney('1234.56')).toBe('₺1.234,56');
    expect(formatMoney('10', 'en-US', 'USD')).toBe('$10.00');
    expect(formatMoney('10', 'tr-TR', 'EUR')).toBe('€10,00');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc', 'tr-TR')).toBe('abc');
  });

  it('an amount is in its row\'s currency, else in the farm\'s default as the server names it', () => {
    setCurrencies([{ id: 1, code: 'TRY', isDefault: false }, { id: 2, code: 'EUR', isDefault: true }]);
    try {
      expect(currencyCode(1)).toBe('TRY');
      expect(currencyCode(null)).toBe('EUR');
      expect(currencyCode(99)).toBe('EUR');
      expect(formatMoney('30000', 'en-US')).toBe('€30,000.00');
      expect(formatMoney('30000', 'tr-TR', currencyCode(1))).toBe('₺30.000,00');
      expect(formatValue('money', 'money', '30000', 'en-US', 'TRY')).toBe('₺30,000.00');
    } finally {
      setCurrencies([{ id: 1, code: 'TRY', isDefault: true }]);
    }
  });
});

describe('numbers and percent', () => {
  it('groups numbers per language; decimal strings keep their own decimals', () => {
    expect(formatNumber(1234567, 'tr-TR')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatNumber('1234.500', 'tr-TR')).toBe('1.234,500');
    expect(formatNumber('12345678901234567.5', 'en-US')).toBe('12,345,678,901,234,567.5');
  });

  it('shows a rate in percent without grouping', () => {
    expect(formatPercent(18, 'tr-TR')).toBe('%18');
    expect(formatPercent(18, 'en-US')).toBe('18%');
    expect(formatPercent('12.5', 'tr-TR')).toBe('%12,5');
    expect(formatPercent(12345.67, 'en-US')).toBe('12345.67%');
    expect(formatPercent(12345.67, 'tr-TR')).toBe('%12345,67');
  });
});

describe('dates', () => {
  // 11:30 UTC is 14:30 in Istanbul (UTC+3 all year).
  const instant = '2026-05-27T11:30:00Z';

  it('shows dates per language in Istanbul time', () => {
    expect(formatDate(instant, 'tr-TR')).toBe('27.05.2026');
    expect(formatDate(instant, 'en-US')).toBe('05/27/2026');
    // 22:30 UTC is already the next day in Istanbul.
    expect(formatDate('2026-05-27T22:30:00Z', 'tr-TR')).toBe('28.05.2026');
  });

  it('keeps a date-only value on its calendar day', () => {
    expect(formatDate('2026-01-01', 'tr-TR')).toBe('01.01.2026');
    expect(formatDate('2026-12-31', 'en-US')).toBe('12/31/2026');
  });

  it('shows date-times per language in Istanbul time', () => {
    expect(formatDateTime(instant, 'tr-TR')).toBe('27.05.2026 14:30');
    expect(formatDateTime(instant, 'en-US')).toBe('05/27/2026, 2:30 PM');
    expect(formatDateTime(new Date(instant), 'tr-TR')).toBe('27.05.2026 14:30');
    expect(formatDateTime('not a date', 'tr-TR')).toBe('not a date');
    expect(formatDateTime(undefined, 'tr-TR')).toBe('');
  });
});

describe('formatValue', () => {
  it('formats a table cell by its kind and format', () => {
    expect(formatValue('money', 'money', '1234.56', 'tr-TR')).toBe('₺1.234,56');
    expect(formatValue('money', 'money', '1234.56', 'en-US')).toBe('₺1,234.56');
    expect(formatValue('number', 'percent', 20, 'tr-TR')).toBe('%20');
    expect(formatValue('integer', undefined, 1500, 'tr-TR')).toBe('1.500');
    expect(formatValue('decimal', 'decimal', '0.125', 'en-US')).toBe('0.125');
    expect(formatValue('date', 'date', '2026-05-27', 'en-US')).toBe('05/27/2026');
    expect(formatValue('datetime', 'date-time', '2026-05-27T11:30:00Z', 'tr-TR')).toBe('27.05.2026 14:30');
    expect(formatValue('text', 'phone', '+90 555 000 00 00', 'tr-TR')).toBe('0555 000 00 00');
    expect(formatValue('uuid', 'uuid', 'a-b', 'tr-TR')).toBe('a-b');
    expect(formatValue('json', undefined, { a: 1 }, 'tr-TR')).toBe('{"a":1}');
    expect(formatValue('text', undefined, null, 'tr-TR')).toBe('');
    expect(formatValue('money', 'money', undefined, 'tr-TR')).toBe('');
  });

  it('shows booleans as the translated yes and no', async () => {
    expect(formatValue('boolean', undefined, true, 'tr-TR')).toBe('Evet');
    expect(formatValue('boolean', undefined, false, 'tr-TR')).toBe('Hayır');
    await activateLanguage('en-US');
    expect(formatValue('boolean', undefined, true)).toBe('Yes');
    expect(formatValue('money', 'money', '1234.56')).toBe('₺1,234.56');
    await activateLanguage('tr-TR');
  });
});

describe('typing money', () => {
  it('reads what a Turkish clerk types, never a thousands separator as a decimal point', () => {
    for (const [typed, amount] of [['5000', '5000'], ['5.000', '5000'], ['5.000,50', '5000.50'], ['5000,5', '5000.5'], ['1.500,00', '1500.00'],
      ['₺5.000', '5000'], ['5.000 TL', '5000'], ['1.234.567,89', '1234567.89'], ['12,5', '12.5'], [' 0 ', '0']] as const) {
      expect(parseMoney(typed, 'tr-TR'), typed).toBe(amount);
    }
  });

  it('reads what an English clerk types', () => {
    for (const [typed, amount] of [['5000', '5000'], ['5,000', '5000'], ['5,000.50', '5000.50'], ['5000.5', '5000.5'], ['$1,234,567.89', '1234567.89']] as const) {
      expect(parseMoney(typed, 'en-US'), typed).toBe(amount);
    }
  });

  it('refuses what is not an amount of 0 or more with at most 2 decimals', () => {
    for (const typed of ['', 'abc', '-5', '5,001', '1.2.3,4,5', '5,123', '12345678901234567']) expect(parseMoney(typed, 'tr-TR'), typed).toBeUndefined();
    expect(parseMoney('5.123', 'en-US')).toBeUndefined();
  });

  it('shows an amount in the language\'s format to edit, and reads it back the same', () => {
    expect(moneyEditText('5000.5', 'tr-TR')).toBe('5.000,50');
    expect(moneyEditText('5000.5', 'en-US')).toBe('5,000.50');
    expect(moneyEditText('', 'tr-TR')).toBe('');
    for (const lang of ['tr-TR', 'en-US']) expect(parseMoney(moneyEditText('1234567.8', lang), lang)).toBe('1234567.80');
  });
});

describe('phones', () => {
  it('shows a Turkish number as staff read it, whatever its format, and calls it', () => {
    for (const typed of ['+90 553 779 44 95', '05537794495', '5537794495', '+90(553)779-44-95']) {
      expect(formatPhone(typed), typed).toBe('0553 779 44 95');
      expect(telHref(typed), typed).toBe('tel:+905537794495');
    }
    expect(formatValue('text', 'phone', '+905537794495', 'tr-TR')).toBe('0553 779 44 95');
  });

  it('leaves another country\'s number as stored', () => {
    expect(formatPhone('+49 30 1234567')).toBe('+49 30 1234567');
    expect(telHref('+49 30 1234567')).toBe('tel:+49301234567');
  });
});
