// An amount typed in the expense dialog, read as the contract's decimal string.
import { FORMAT_PATTERNS } from '../../../common/formats.ts';

/** A typed amount (Turkish `1.234,56` or plain `1234.56`) as a money string of 0 or more, or null. */
export function parseMoneyInput(text: string): string | null {
  let s = text.trim().replace(/\s|₺|TL/gi, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  return FORMAT_PATTERNS.money.test(s) && !s.startsWith('-') ? s : null;
}
