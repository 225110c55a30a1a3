// The SMS length shown where templates are edited (issue 18, point 3; common/sms.ts): GSM 7-bit,
// the Turkish single-shift table (ş ğ ı ç Ş Ğ İ two septets each, 155/149 a message), UCS-2.
import { describe, expect, it } from 'vitest';
import { smsLength } from '../../../common/sms.ts';

describe('the length of a text message', () => {
  it('plain GSM: one septet a character, 160 in one message, then 153 a segment', () => {
    expect(smsLength('')).toEqual({ characters: 0, encoding: 'gsm7', units: 0, segments: 0 });
    expect(smsLength('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toMatchObject({ units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
    // Ö, Ü, ö, ü and Ç are in the default alphabet.
    expect(smsLength('Öğrenci'.replace('ğ', 'g'))).toMatchObject({ encoding: 'gsm7', units: 7 });
    expect(smsLength('ÖÜöüÇ')).toMatchObject({ encoding: 'gsm7', units: 5, characters: 5 });
  });

  it('extension characters count two septets and are never split', () => {
    expect(smsLength('{orderNo}')).toMatchObject({ encoding: 'gsm7', characters: 9, units: 11 });
    expect(smsLength('€[]~\\|^')).toMatchObject({ encoding: 'gsm7', units: 14 });
    expect(smsLength('a'.repeat(159) + '{')).toMatchObject({ units: 161, segments: 2 });
    // 152 + an escaped character: it does not fit the first segment's last septet.
    const text = 'a'.repeat(152) + '{' + 'a'.repeat(152);
    expect(smsLength(text)).toMatchObject({ units: 306, segments: 3 });
  });

  it('Turkish letters: two septets each in the single-shift table, 155 in one message, 149 a segment', () => {
    const s = smsLength('Kurbanınız kesildi, şimdi paketleniyor. Çok teşekkürler!');
    // ı ı ş ş: 4 letters of the shift table; ü and Ç are GSM's own.
    expect(s).toMatchObject({ encoding: 'gsm7-turkish', characters: 56, units: 60, segments: 1 });
    for (const letter of ['ş', 'ğ', 'ı', 'ç', 'Ş', 'Ğ', 'İ']) expect(smsLength(letter), letter).toMatchObject({ encoding: 'gsm7-turkish', units: 2 });
    expect(smsLength('ş'.repeat(77) + 'a')).toMatchObject({ units: 155, segments: 1 });
    expect(smsLength('ş'.repeat(78))).toMatchObject({ units: 156, segments: 2 });
    // 149 a segment, a letter never split: 74 letters (148 septets) fill one.
    expect(smsLength('ş'.repeat(148)).segments).toBe(2);
    expect(smsLength('ş'.repeat(149)).segments).toBe(3);
    // Decomposed letters are counted as their composed forms.
    expect(smsLength('s\u0327')).toMatchObject({ encoding: 'gsm7-turkish', characters: 1, units: 2 });
  });

  it('a character outside both: UCS-2, 70 in one message, then 67 a segment', () => {
    expect(smsLength('₺12.500,00')).toMatchObject({ encoding: 'ucs2', characters: 10, units: 10, segments: 1 });
    expect(smsLength('₺' + 'a'.repeat(69)).segments).toBe(1);
    expect(smsLength('₺' + 'a'.repeat(70)).segments).toBe(2);
    expect(smsLength('₺' + 'a'.repeat(133)).segments).toBe(2);
    expect(smsLength('₺' + 'a'.repeat(134)).segments).toBe(3);
    // An emoji is two UTF-16 units, kept whole.
    expect(smsLength('😀')).toMatchObject({ encoding: 'ucs2', characters: 1, units: 2, segments: 1 });
    expect(smsLength('a'.repeat(66) + '😀')).toMatchObject({ units: 68, segments: 1 });
    expect(smsLength('a'.repeat(70) + '😀')).toMatchObject({ units: 72, segments: 2 });
  });

  it('the shipped templates: Turkish ones in the shift table, one or two messages each before their placeholders are filled', async () => {
    const catalogs = (await import('../../../generated/server/messages.json', { with: { type: 'json' } })).default as Record<string, Record<string, string>>;
    for (const [language, catalog] of Object.entries(catalogs)) {
      const templates = Object.entries(catalog).filter(([k]) => k.startsWith('sms.'));
      expect(templates.length, language).toBe(10);
      for (const [key, text] of templates) {
        const length = smsLength(text);
        expect(length.encoding, `${language} ${key}`).not.toBe('ucs2');
        expect(length.segments, `${language} ${key}`).toBeLessThanOrEqual(1);
      }
    }
  });
});
