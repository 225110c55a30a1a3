// The generic form validator of section 5: every field marked required or with a minimum is
// checked; the result lists the messages and, per failing field, its message (the invalid style).
import { t } from './i18n.ts';

export interface FieldRule {
  name: string;
  /** The field's label as shown (already translated): it is put into the message. */
  label: string;
  required?: boolean;
  min?: number;
}

export interface ValidationResult {
  valid: boolean;
  messages: string[];
  /** Failing field name → its message. */
  invalid: Record<string, string>;
}

/** Empty for "required": blank (after trimming), null, undefined, false, or an empty object/array. */
export function isEmpty(value: unknown): boolean {
  if (value == null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  // A Date has no own keys but is a value.
  if (typeof value === 'object' && !(value instanceof Date)) return Object.keys(value).length === 0;
  return false;
}

/** A number, or a string holding one (money and decimals arrive as strings). */
function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

export function validate(fields: readonly FieldRule[], values: Readonly<Record<string, unknown>>): ValidationResult {
  const invalid: Record<string, string> = {};
  for (const { name, label, required, min } of fields) {
    const value = values[name];
    // One message per field: a missing value is not also "below the minimum".
    if (required && isEmpty(value)) {
      invalid[name] = t('validation.required', { label });
      continue;
    }
    const n = asNumber(value);
    if (min !== undefined && n !== undefined && n < min) invalid[name] = t('validation.minimum', { label, min });
  }
  const messages = Object.values(invalid);
  return { valid: messages.length === 0, messages, invalid };
}
