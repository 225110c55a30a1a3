import { describe, expect, it } from 'vitest';
import { isValidIdentityNumber, isValidTckn, isValidVkn } from '../../../common/identity-number.ts';

describe('TCKN', () => {
  it('accepts numbers with both check digits right', () => {
    for (const n of ['10000000146', '11111111110', '12345678950']) expect(isValidTckn(n), n).toBe(true);
  });
  it('refuses a wrong check digit, a leading zero and wrong lengths', () => {
    for (const n of ['10000000147', '10000000156', '01234567890', '1234567890', '123456789012', '1000000014a']) expect(isValidTckn(n), n).toBe(false);
  });
});

describe('VKN', () => {
  it('accepts numbers with the right check digit', () => {
    for (const n of ['1234567890', '0010000082', '9876543217']) expect(isValidVkn(n), n).toBe(true);
  });
  it('refuses a wrong check digit', () => {
    for (const n of ['1234567891', '0010000086', '9876543210', '123456789']) expect(isValidVkn(n), n).toBe(false);
  });
  it('is chosen by length', () => {
    expect(isValidIdentityNumber('10000000146')).toBe(true);
    expect(isValidIdentityNumber('1234567890')).toBe(true);
    expect(isValidIdentityNumber('1234567891')).toBe(false);
  });
});
