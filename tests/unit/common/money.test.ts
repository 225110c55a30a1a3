// Money in kuruş and the one split of a total (common/money.ts), which the server posts and the
// expense dialog previews.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromKurus, splitByWeights, toKurus } from '../../../common/money.ts';

describe('decimal strings and kuruş', () => {
  it('reads amounts exactly, signs included, and writes them back with 2 decimals', () => {
    const cases: [string, bigint, string][] = [
      ['0', 0n, '0.00'],
      ['12.5', 1250n, '12.50'],
      ['1234.56', 123456n, '1234.56'],
      ['-0.50', -50n, '-0.50'],
      ['-12.05', -1205n, '-12.05'],
      ['9999999999999999.99', 999999999999999999n, '9999999999999999.99'],
    ];
    for (const [text, kurus, written] of cases) {
      expect(toKurus(text), text).toBe(kurus);
      expect(fromKurus(kurus), text).toBe(written);
    }
    expect(fromKurus(-5n)).toBe('-0.05');
  });

  it('reads no amount as 0', () => {
    expect([null, undefined, ''].map((v) => toKurus(v))).toEqual([0n, 0n, 0n]);
  });

  it('refuses what is not an amount rather than cut or guess it', () => {
    for (const text of ['1.234', '1,5', '1.', '.5', '+1', '--1', '1e3', ' 1', 'abc']) {
      expect(() => toKurus(text), text).toThrow(RangeError);
    }
  });

  it('round-trips every amount (property)', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (k) => {
      expect(toKurus(fromKurus(k))).toBe(k);
    }), { numRuns: 2000 });
  });
});

describe('largest remainder split', () => {
  it('parts always add up to the total and each is within one kuruş of its exact share (property)', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }),
      fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 40 }).filter((w) => w.some((x) => x > 0n)),
      (total, weights) => {
        const parts = splitByWeights(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0n);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
        parts.forEach((p, i) => {
          const diff = p * sum - total * weights[i]; // (part − exact share) × Σ weights
          expect(diff > -sum && diff < sum).toBe(true);
          if (weights[i] === 0n) expect(p).toBe(0n);
        });
      },
    ), { numRuns: 2000 });
  });

  it('gives the kuruş left to the largest remainders, ties to the earlier weight (property)', () => {
    fc.assert(fc.property(
      fc.bigInt({ min: 0n, max: 10n ** 12n }),
      fc.array(fc.bigInt({ min: 0n, max: 1000n }), { minLength: 1, maxLength: 20 }).filter((w) => w.some((x) => x > 0n)),
      (total, weights) => {
        const parts = splitByWeights(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0n);
        const extra = parts.map((p, i) => p - (total * weights[i]) / sum === 1n);
        const rank = (i: number) => (total * weights[i]) % sum;
        // Every part that got a kuruş ranks before every part that did not.
        for (let i = 0; i < parts.length; i++) {
          for (let j = 0; j < parts.length; j++) {
            if (extra[i] && !extra[j]) expect(rank(i) > rank(j) || (rank(i) === rank(j) && i < j)).toBe(true);
          }
        }
      },
    ), { numRuns: 1000 });
  });

  it('ties go to the earlier weight', () => {
    expect(splitByWeights(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(splitByWeights(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(splitByWeights(1000n, [3n, 2n, 0n])).toEqual([600n, 400n, 0n]);
    // 0.7 and 0.3 of 1: the larger remainder first, whatever its place.
    expect(splitByWeights(1n, [3n, 7n])).toEqual([0n, 1n]);
  });

  it('splits 0 into zeros, and a negative total as the mirror of its opposite', () => {
    expect(splitByWeights(0n, [1n, 2n])).toEqual([0n, 0n]);
    expect(splitByWeights(-100n, [1n, 1n, 1n])).toEqual([-34n, -33n, -33n]);
    expect(splitByWeights(-1n, [3n, 7n])).toEqual([0n, -1n]);
  });

  it('refuses weights that split nothing: none, all 0, or one below 0', () => {
    expect(() => splitByWeights(100n, [])).toThrow(RangeError);
    expect(() => splitByWeights(100n, [0n, 0n])).toThrow(RangeError);
    expect(() => splitByWeights(100n, [2n, -1n])).toThrow(RangeError);
  });
});
