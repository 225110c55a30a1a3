// One Idempotency-Key per user action: kept while the same body is sent again, new once it changes.
import { describe, expect, it } from 'vitest';
import { submissionKeys } from '../../../src/lib/submission-key.ts';

describe('submission keys', () => {
  it('keeps the key for the same body and makes a new one when the body changes', () => {
    let n = 0;
    const keyFor = submissionKeys(() => `k${++n}`);
    expect(keyFor({ amount: '10.00', method: 1 })).toBe('k1');
    expect(keyFor({ amount: '10.00', method: 1 })).toBe('k1'); // a double click, a retry
    expect(keyFor({ amount: '12.00', method: 1 })).toBe('k2'); // another action
    expect(keyFor({ amount: '10.00', method: 1 })).toBe('k3'); // back to the first body: still a new action
  });

  it('a success ends the action: the same body sent after it is a new one (a slot booked again after a cancel)', () => {
    let n = 0;
    const keyFor = submissionKeys(() => `k${++n}`);
    expect(keyFor({ slot: 1 })).toBe('k1');
    keyFor.done();
    expect(keyFor({ slot: 1 })).toBe('k2');
  });

  it('makes random keys by default', () => {
    const a = submissionKeys()({ x: 1 });
    const b = submissionKeys()({ x: 1 });
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
  });
});
