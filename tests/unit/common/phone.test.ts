// Phone numbers compared on their digits (issue 17, point 4): the last 10, whatever the format;
// pickers show the last four.
import { describe, expect, it } from 'vitest';
import { phoneKey, phoneLast4 } from '../../../common/phone.ts';

describe('phone numbers on their digits', () => {
  it('one number in every format has one key: its last 10 digits', () => {
    for (const phone of ['0532 111 22 33', '+90 532 111 22 33', '+90 (532) 111-2233', '905321112233', '5321112233', '0 532 111 2233']) {
      expect(phoneKey(phone), phone).toBe('5321112233');
    }
    expect(phoneKey('0533 111 22 33')).not.toBe(phoneKey('0532 111 22 33'));
    expect(phoneKey(null)).toBe('');
  });

  it('the last four digits, or null without four digits', () => {
    expect(phoneLast4('+90 532 111 22 33')).toBe('2233');
    expect(phoneLast4('(12) 3')).toBeNull();
    expect(phoneLast4(undefined)).toBeNull();
  });
});
