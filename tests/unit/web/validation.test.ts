// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../src/lib/i18n.ts';
import { isEmpty, validate } from '../../../src/lib/validation.ts';

beforeAll(() => activateLanguage('tr-TR'));

describe('validate', () => {
  const required = [{ name: 'name', label: 'Ad', required: true }];

  it('passes filled required fields', () => {
    expect(validate(required, { name: 'Koç' })).toEqual({ valid: true, messages: [], invalid: {} });
  });

  it.each([
    ['an empty string', ''],
    ['a blank string (trimmed)', '   \t'],
    ['null', null],
    ['undefined', undefined],
    ['false', false],
    ['an empty object', {}],
    ['an empty list', []],
  ])('fails a required field holding %s with the Turkish message', (_what, value) => {
    expect(validate(required, { name: value })).toEqual({ valid: false, messages: ['Ad zorunludur.'], invalid: { name: 'Ad zorunludur.' } });
  });

  it.each([['0', 0], ['true', true], ['a non-empty object', { a: 1 }], ['a date', new Date(0)], ['padded text', ' x ']])(
    'accepts %s as present',
    (_what, value) => expect(isEmpty(value)).toBe(false),
  );

  it('fails a numeric value below the minimum, numbers and numeric strings alike', () => {
    const fields = [
      { name: 'count', label: 'Adet', min: 1 },
      { name: 'amount', label: 'Tutar', min: 10 },
    ];
    expect(validate(fields, { count: 0, amount: '9.99' })).toEqual({
      valid: false,
      messages: ['Adet en az 1 olmalı.', 'Tutar en az 10 olmalı.'],
      invalid: { count: 'Adet en az 1 olmalı.', amount: 'Tutar en az 10 olmalı.' },
    });
  });

  it('accepts the minimum itself, values above it, and non-numeric or empty values', () => {
    const fields = [{ name: 'n', label: 'N', min: 5 }];
    for (const n of [5, 6, '5', ' 7 ', '', null, undefined, 'abc']) expect(validate(fields, { n }).valid).toBe(true);
  });

  it('gives a missing required field one message, not also the minimum', () => {
    const fields = [{ name: 'n', label: 'N', required: true, min: 1 }];
    expect(validate(fields, { n: '' }).messages).toEqual(['N zorunludur.']);
    expect(validate(fields, { n: -1 }).messages).toEqual(['N en az 1 olmalı.']);
  });

  it('ignores fields with no rule, and lists messages in field order', () => {
    const fields = [
      { name: 'a', label: 'A', required: true },
      { name: 'free', label: 'Serbest' },
      { name: 'b', label: 'B', required: true },
    ];
    const r = validate(fields, {});
    expect(r.messages).toEqual(['A zorunludur.', 'B zorunludur.']);
    expect(Object.keys(r.invalid)).toEqual(['a', 'b']);
  });

  it('speaks the active language', async () => {
    await activateLanguage('en-US');
    expect(validate([{ name: 'n', label: 'Amount', required: true, min: 1000 }], { n: 0 }).messages).toEqual(['Amount must be at least 1000.']);
    expect(validate([{ name: 'n', label: 'Amount', required: true }], { n: ' ' }).messages).toEqual(['Amount is required.']);
    await activateLanguage('tr-TR');
  });
});
