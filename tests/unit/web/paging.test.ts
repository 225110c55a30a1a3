// @vitest-environment jsdom
// The paginator's arithmetic and words (src/admin/paging.ts), exact and capped totals.
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadScreenMessages } from '../../../src/lib/i18n.ts';
import { paging, pagingTexts } from '../../../src/admin/paging.ts';

describe('an exact total', () => {
  it('gives the range, the page count and the buttons', () => {
    expect(paging({ pageIndex: 0, pageSize: 10, total: 25 })).toEqual({ pageCount: 3, first: 1, last: 10, canPrevious: false, canNext: true, canLast: true });
    expect(paging({ pageIndex: 2, pageSize: 10, total: 25 })).toEqual({ pageCount: 3, first: 21, last: 25, canPrevious: true, canNext: false, canLast: false });
    expect(paging({ pageIndex: 0, pageSize: 10, total: 0 })).toMatchObject({ pageCount: 1, first: 0, last: 0, canNext: false });
  });
});

describe('a capped total', () => {
  it('pages on while pages come full; the last page is unknown', () => {
    expect(paging({ pageIndex: 0, pageSize: 10, total: 1000, capped: true, rowsOnPage: 10 })).toMatchObject({ pageCount: 100, canNext: true, canLast: false });
    // Past the counted range (the server counts further from a deeper page, but a client need not rely on it).
    expect(paging({ pageIndex: 100, pageSize: 10, total: 1000, capped: true, rowsOnPage: 10 })).toMatchObject({ canPrevious: true, canNext: true, canLast: false });
    expect(paging({ pageIndex: 3, pageSize: 10, total: 1000, capped: true, rowsOnPage: 4 })).toMatchObject({ canNext: false });
  });
});

describe('the words, in the language and its number format', () => {
  beforeAll(async () => {
    await activateLanguage('tr-TR');
    await loadScreenMessages();
  });

  it('reads "1.000+" in Turkish and "1,000+" in English', async () => {
    expect(pagingTexts({ pageIndex: 0, pageSize: 10, total: 1000, capped: true }, 'tr-TR')).toEqual({ range: 'Toplam 1.000+ kayıttan 1–10 arası', page: 'Sayfa 1 / 100+' });
    expect(pagingTexts({ pageIndex: 99, pageSize: 20, total: 12345 }, 'tr-TR')).toEqual({ range: 'Toplam 12.345 kayıttan 1.981–2.000 arası', page: 'Sayfa 100 / 618' });
    await activateLanguage('en-US');
    expect(pagingTexts({ pageIndex: 0, pageSize: 10, total: 1500, capped: true }, 'en-US')).toEqual({ range: 'Showing 1 to 10 of 1,500+', page: 'Page 1 of 150+' });
  });
});
