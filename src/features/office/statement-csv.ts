// The account statement as CSV, built in the browser from the API's answer, written as the generic
// export writes (src/lib/csv.ts), with values as the page shows them (Turkish money and dates).
import type { AccountStatement } from '../../../generated/api/model/index.ts';
import { csvField, csvSeparator } from '@/lib/csv.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';

export function statementCsv(s: AccountStatement, locale: string): string {
  const sep = csvSeparator(locale);
  const money = (v: string) => formatMoney(v, locale, s.currencyCode);
  const line = (cells: string[]) => cells.map((c) => csvField(c, sep)).join(sep);
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
