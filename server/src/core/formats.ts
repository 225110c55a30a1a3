// The contract's own string formats, checked as strictly as the standard ones (openapi/README.md).
import { isValidIdentityNumber } from './identity-number.ts';

export const CONTRACT_FORMATS = {
  money: /^-?\d{1,16}(\.\d{1,2})?$/,
  decimal: /^-?\d{1,9}(\.\d{1,3})?$/,
  phone: /^\+?[0-9 ()-]{7,20}$/,
  color: /^#[0-9a-fA-F]{6}$/,
  percent: { type: 'number' as const, validate: (n: number) => n >= 0 && n <= 100 },
  'identity-number': isValidIdentityNumber,
};
