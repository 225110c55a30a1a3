// Turkish identity numbers: the 11-digit TCKN of a person and the 10-digit VKN of a company,
// each with its official check digits. Validation and the demo data use the same arithmetic.

/** TCKN: d10 = ((d1+d3+d5+d7+d9)·7 − (d2+d4+d6+d8)) mod 10, d11 = (d1+…+d10) mod 10. */
export function tcknCheckDigits(d: readonly number[]): [number, number] {
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = (d.slice(0, 9).reduce((a, b) => a + b, 0) + d10) % 10;
  return [d10, d11];
}

/** VKN: the Revenue Administration's check digit over the first nine digits. */
export function vknCheckDigit(d: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const t = (d[i] + 9 - i) % 10;
    let v = (t * 2 ** (9 - i)) % 9;
    if (t !== 0 && v === 0) v = 9;
    sum += v;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidTckn(s: string): boolean {
  if (!/^[1-9][0-9]{10}$/.test(s)) return false;
  const d = [...s].map(Number);
  const [d10, d11] = tcknCheckDigits(d);
  return d[9] === d10 && d[10] === d11;
}

export function isValidVkn(s: string): boolean {
  if (!/^[0-9]{10}$/.test(s)) return false;
  const d = [...s].map(Number);
  return vknCheckDigit(d) === d[9];
}

export const isValidIdentityNumber = (s: string) => (s.length === 11 ? isValidTckn(s) : isValidVkn(s));
