// Money as exact integer kuruş (bigint), from and to the contract's decimal strings, and the one
// split of a total into parts: the server posts it (an expense distributed over accounts) and the
// expense dialog previews it with this same function.

// Any number of digits: a sum (numeric(20, 2)) may pass the contract's 16 (formats.ts).
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** A decimal string (`-12.5`, `1234.56`) as kuruş; null, undefined and '' are 0. */
export function toKurus(value: string | null | undefined): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const m = DECIMAL.exec(value);
  // Not a decimal, or a third decimal that cutting would lose silently.
  if (!m) throw new RangeError(`not an amount of money: ${JSON.stringify(value)}`);
  const kurus = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -kurus : kurus;
}

/** Kuruş as the contract's decimal string with 2 decimals (`-0.05`, `1234.50`). */
export function fromKurus(value: bigint): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * `total` kuruş split in proportion to `weights` by the largest remainder: each part is its exact
 * share rounded down, and the kuruş left over go one each to the largest remainders, ties to the
 * earlier weight. The parts add up to `total` exactly, each is within 1 kuruş of its exact share,
 * and a weight of 0 gets 0. A negative total is split as its opposite and negated, so that a
 * reversal mirrors its split. Weights below 0, or none above 0, split nothing: a RangeError.
 */
export function splitByWeights(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.some((w) => w < 0n)) throw new RangeError('splitByWeights: a weight is below 0');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new RangeError('splitByWeights: no weight is above 0');
  if (total < 0n) return splitByWeights(-total, weights).map((p) => -p);
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((w, i) => ({ i, r: (total * w) % sum }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  // Fewer kuruş are left than parts with a remainder: each goes to another part, none to a 0 weight.
  for (const { i } of byRemainder) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts;
}
