// The contract's string formats (common/formats.ts), which the server validates and the entity
// forms check.
import { describe, expect, it } from 'vitest';
import { FORMAT_PATTERNS } from '../../../common/formats.ts';

describe('formats', () => {
  it('money: up to 16 digits and 2 decimals, signed where allowed', () => {
    for (const v of ['0', '12.5', '-1234.56', '9999999999999999.99']) expect(FORMAT_PATTERNS.money.test(v), v).toBe(true);
    for (const v of ['1.234', '12345678901234567', '1,5', '.5', '1.', '+1', '', ' 1']) expect(FORMAT_PATTERNS.money.test(v), v).toBe(false);
  });

  it('decimal: up to 9 digits and 3 decimals', () => {
    for (const v of ['0', '-1.125', '999999999.999']) expect(FORMAT_PATTERNS.decimal.test(v), v).toBe(true);
    for (const v of ['1.2345', '1234567890', '1,5']) expect(FORMAT_PATTERNS.decimal.test(v), v).toBe(false);
  });

  it('phone and color', () => {
    expect(FORMAT_PATTERNS.phone.test('+90 (532) 123-45-67')).toBe(true);
    expect(FORMAT_PATTERNS.phone.test('12345')).toBe(false);
    expect(FORMAT_PATTERNS.color.test('#10b981')).toBe(true);
    expect(FORMAT_PATTERNS.color.test('10b981')).toBe(false);
  });
});
