// Turkish identity numbers: the 11-digit TCKN of a person and the 10-digit VKN of a company,
// each with its official checksum.

export function isValidTckn(s: string): boolean {
  if (!/^[1-9][0-9]{10}$/.test(s)) return false;
  const d = [...s].map(Number);
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === d10 && d[10] === d11;
}

export function isValidVkn(s: string): boolean {
  if (!/^[0-9]{10}$/.test(s)) return false;
  const d = [...s].map(Number);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const t = (d[i] + 9 - i) % 10;
    let v = (t * 2 ** (9 - i)) % 9;
    if (t !== 0 && v === 0) v = 9;
    sum += v;
  }
  return (10 - (sum % 10)) % 10 === d[9];
}

export const isValidIdentityNumber = (s: string) => (s.length === 11 ? isValidTckn(s) : isValidVkn(s));
