// Money in the seed is integer kuruş (exact) and leaves as a decimal string with two decimals.

export function money(kurus: number): string {
  if (!Number.isSafeInteger(kurus) || kurus < 0) throw new Error(`bad money amount: ${kurus} kuruş`);
  return `${Math.floor(kurus / 100)}.${String(kurus % 100).padStart(2, '0')}`;
}

/** Whole lira to kuruş. */
export const lira = (tl: number) => Math.round(tl * 100);

/**
 * Splits `total` kuruş by `weights` so the parts add up exactly (largest-remainder rounding), the
 * same rule as the "distribute expense" dialog.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    parts[i] += 1;
  }
  return parts;
}
