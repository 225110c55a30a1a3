// Money in the seed is integer kuruş (exact) and leaves as a decimal string with two decimals.
import { splitByWeights } from '../../../../common/money.ts';

export function money(kurus: number): string {
  if (!Number.isSafeInteger(kurus) || kurus < 0) throw new Error(`bad money amount: ${kurus} kuruş`);
  return `${Math.floor(kurus / 100)}.${String(kurus % 100).padStart(2, '0')}`;
}

/** Whole lira to kuruş. */
export const lira = (tl: number) => Math.round(tl * 100);

/** `splitByWeights` of the "distribute expense" dialog (common/money.ts), on the seed's numbers. */
export const splitKurus = (total: number, weights: readonly number[]): number[] =>
  splitByWeights(BigInt(total), weights.map((w) => BigInt(w))).map(Number);
