// CSV as the farm's spreadsheets read it: `;` where the decimal separator is a comma (Turkish
// Excel), `,` otherwise; fields quoted when needed; text that a spreadsheet would run as a formula
// defused; saved as UTF-8 with a BOM so Excel reads Turkish letters right. The generic export and
// the account statement write through here.

/** The field separator for a language: `;` where numbers use a decimal comma. */
export function csvSeparator(locale: string): string {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return decimal === ',' ? ';' : ',';
}

/**
 * Text a spreadsheet would run as a formula is defused with a leading `'`; a phone number or a
 * signed number ("+90 532 …", "-5") is left alone, it cannot call anything.
 */
const isFormulaLike = (s: string) => /^[=@\t\r]/.test(s) || (/^[+-]/.test(s) && !/^[+-][\d\s().,-]*$/.test(s));

/** One CSV field, quoted when needed; `isText`: free text, defused when formula-like. */
export function csvField(text: string, separator: string, isText = true): string {
  const s = isText && isFormulaLike(text) ? `'${text}` : text;
  return /["\r\n]/.test(s) || s.includes(separator) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Saves `content` as a CSV file the browser downloads. */
export function downloadCsv(fileName: string, content: string): void {
  const blob = new Blob(['\uFEFF', content], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
