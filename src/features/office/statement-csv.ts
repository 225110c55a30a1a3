// The account statement as CSV, built in the browser from the API's answer, the way the generic
// export writes it (src/admin/export-csv.ts): values as the page shows them (Turkish money and
// dates), `;` where the decimal separator is a comma, UTF-8 with a BOM for Excel.
import type { AccountStatement } from '../../../generated/api/model/index.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';

const decimalSeparator = (locale: string) =>
  new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** Text a spreadsheet would run as a formula gets a leading `'`; signed numbers stay as they are. */
const isFormulaLike = (s: string) => /^[=@\t\r]/.test(s) || (/^[+-]/.test(s) && !/^[+-][\d\s().,-]*$/.test(s));

function field(text: string, separator: string): string {
  const s = isFormulaLike(text) ? `'${text}` : text;
  return /["\r\n]/.test(s) || s.includes(separator) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function statementCsv(s: AccountStatement, locale: string): string {
  const sep = decimalSeparator(locale) === ',' ? ';' : ',';
  const money = (v: string) => formatMoney(v, locale, s.currencyCode);
  const line = (cells: string[]) => cells.map((c) => field(c, sep)).join(sep);
  const header = ['date', 'type', 'document', 'description', 'debit', 'credit', 'balance'].map((k) => t(`office.statement.col.${k}`));
  return [
    line(header),
    line(['', t('office.statement.opening'), '', '', '', '', money(s.openingBalance)]),
    ...s.entries.map((e) =>
      line([formatDate(e.transactionDate, locale), e.transactionTypeName, e.documentNo ?? '', e.description ?? '', money(e.debit), money(e.credit), money(e.balance)]),
    ),
    line(['', t('office.statement.totals'), '', '', money(s.totalDebit), money(s.totalCredit), '']),
    line(['', t('office.statement.closing'), '', '', '', '', money(s.closingBalance)]),
  ].join('\r\n');
}

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
