// The expense split as the server computes it (server/src/core/money.ts, largest remainder on
// integer kuruş, ties to the earlier account), so the dialog shows the parts before saving.
// Money stays exact: decimal strings ↔ bigint kuruş.

const MONEY = /^\d{1,16}(\.\d{1,2})?$/;

/** A typed amount (Turkish `1.234,56` or plain `1234.56`) as the contract's decimal string, or null. */
export function parseMoneyInput(text: string): string | null {
  let s = text.trim().replace(/\s|₺|TL/gi, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  return MONEY.test(s) ? s : null;
}

export function toKurus(s: string): bigint {
  const [whole, frac = ''] = s.split('.');
  return BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
}

export function fromKurus(v: bigint): string {
  return `${v / 100n}.${String(v % 100n).padStart(2, '0')}`;
}

/** `total` kuruş split by `weights` (not all 0): each part its share rounded down, the kuruş left
 *  one each to the largest remainders, ties to the earlier weight. */
export function splitByWeights(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) return weights.map(() => 0n);
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

/** Equal parts of a total (decimal string) over `count` accounts, as decimal strings. */
export function equalParts(total: string, count: number): string[] {
  if (count <= 0) return [];
  return splitByWeights(toKurus(total), Array.from({ length: count }, () => 1n)).map(fromKurus);
}
