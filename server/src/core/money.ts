// Money as exact integer kuruş (bigint), from and to the contract's decimal strings.
export function toKurus(s: string | number | null | undefined): bigint {
  if (s === null || s === undefined || s === '') return 0n;
  const text = String(s);
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace('-', '').split('.');
  const v = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -v : v;
}

export function fromKurus(v: bigint): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * Splits `total` kuruş by `weights` (not all 0) with the largest remainder: every part is its exact
 * share rounded down, and the kuruş left go one each to the largest remainders, ties to the
 * earlier weight. The parts add up to `total`, and each is within 1 kuruş of its exact share.
 */
export function splitByWeights(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new Error('splitByWeights: the weights add up to 0');
  const parts = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (total * w) % sum }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts;
}
