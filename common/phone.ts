// Phone numbers as people are told apart by them, whatever their format (spaces, dashes, a leading
// 0, +90): on their digits. Two numbers are the same when their last 10 digits are (how calls are
// matched to accounts too); a picker shows the last four, enough to tell two namesakes apart.

/** The digits of a phone number. */
export const phoneDigits = (phone: string | null | undefined): string => (phone ?? '').replace(/\D/g, '');

/** What two numbers are compared on: their last 10 digits (`0532 111 22 33`, `+90 532 111 2233` → `5321112233`). */
export const phoneKey = (phone: string | null | undefined): string => phoneDigits(phone).slice(-10);

/** The last four digits, or null for a number with fewer digits (or none). */
export function phoneLast4(phone: string | null | undefined): string | null {
  const digits = phoneDigits(phone);
  return digits.length >= 4 ? digits.slice(-4) : null;
}

/** A Turkish number's ten national digits (`5537794495`), whatever its format, or undefined for another number. */
export function nationalDigits(phone: string): string | undefined {
  const digits = phoneDigits(phone);
  if (digits.length === 10 && !digits.startsWith('0')) return digits;
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  if (digits.length === 12 && digits.startsWith('90')) return digits.slice(2);
  return undefined;
}
