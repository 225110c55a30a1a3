// The contract's own string formats (openapi/README.md), as the server validates them and the
// entity forms check them before sending.

export const FORMAT_PATTERNS = {
  /** An exact amount: up to 16 digits and 2 decimals (numeric(18, 2)), a sign where it may be negative. */
  money: /^-?\d{1,16}(\.\d{1,2})?$/,
  /** An exact number that is not money: up to 9 digits and 3 decimals. */
  decimal: /^-?\d{1,9}(\.\d{1,3})?$/,
  phone: /^\+?[0-9 ()-]{7,20}$/,
  color: /^#[0-9a-fA-F]{6}$/,
} as const;
