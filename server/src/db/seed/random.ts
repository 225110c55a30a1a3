import { tcknCheckDigits, vknCheckDigit } from '../../../../common/identity-number.ts';
// Deterministic randomness for the demo (the same data on every machine and every start) and the
// small generators built on it: identity numbers and phone numbers.

/** A seeded pseudo-random generator (mulberry32): fast, 32-bit state, good enough for demo data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Picks by weight: `[[value, weight], …]`. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: readonly T[]): T[];
  digits(count: number): string;
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    chance: (p) => next() < p,
    weighted(choices) {
      const total = choices.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, weight] of choices) if ((r -= weight) < 0) return value;
      return choices[choices.length - 1][0];
    },
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
  };
}

/** A valid TCKN (11 digits, d1 ≠ 0). */
export function makeTckn(rnd: Random): string {
  const d = [rnd.int(1, 9), ...Array.from({ length: 8 }, () => rnd.int(0, 9))];
  return [...d, ...tcknCheckDigits(d)].join('');
}

/** A valid 10-digit VKN (tax number of a company). */
export function makeVkn(rnd: Random): string {
  const d = [rnd.int(1, 9), ...Array.from({ length: 8 }, () => rnd.int(0, 9))];
  return [...d, vknCheckDigit(d)].join('');
}

// Prefixes of Türkiye's mobile operators (Turkcell 53x, Vodafone 54x, Türk Telekom 50x/55x).
const MOBILE_PREFIXES = ['530', '532', '533', '535', '536', '537', '538', '541', '542', '543', '544', '545', '505', '506', '507', '551', '552', '553', '555'];

/** A Turkish mobile number written the way staff type it: `+90 532 123 45 67`. */
export function makeMobile(rnd: Random): string {
  const n = rnd.digits(7);
  return `+90 ${rnd.pick(MOBILE_PREFIXES)} ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`;
}

