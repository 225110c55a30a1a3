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
