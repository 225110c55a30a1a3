// The contract's own string formats, checked as strictly as the standard ones (openapi/README.md).
import { FORMAT_PATTERNS } from '../../../common/formats.ts';
import { isValidIdentityNumber } from '../../../common/identity-number.ts';

export const CONTRACT_FORMATS = {
  ...FORMAT_PATTERNS,
  percent: { type: 'number' as const, validate: (n: number) => n >= 0 && n <= 100 },
  'identity-number': isValidIdentityNumber,
};
