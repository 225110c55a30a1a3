// The length of a text message as the phone network counts it (3GPP TS 23.038), shown where the
// SMS templates (`sms.*` translations) are edited: how many messages (segments) one costs.
//
// - GSM 7-bit: the default alphabet, one septet a character; the extension characters
//   (`{ } [ ] ~ \ | ^ €` and form feed) two (an escape and the character).
// - Turkish (Netgsm's `encoding: "TR"`): the national language single-shift table adds
//   ş ğ ı ç Ş Ğ İ, two septets each. The table is named in the message's header (3 octets), so
//   such a message holds 155 septets, or 149 a segment when split (instead of 160 and 153).
// - Anything else (₺, emoji, ö's cousins from other languages): UCS-2, 70 UTF-16 units, or 67 a
//   segment when split.
// A character is never split between two segments. Placeholders (`{orderNo}`) are counted as they
// are written: the rendered message differs by what replaces them.

const GSM_DEFAULT = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The default extension table: two septets each. */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');
/** What the Turkish single-shift table adds to it. */
const TURKISH_SHIFT = new Set('ĞİŞçğış');

export type SmsEncoding = 'gsm7' | 'gsm7-turkish' | 'ucs2';

export interface SmsLength {
  /** Characters as a person counts them (code points). */
  characters: number;
  encoding: SmsEncoding;
  /** Septets (GSM) or UTF-16 units (UCS-2). */
  units: number;
  /** Messages it is sent as: 1 up to one message's length, then one per segment; 0 when empty. */
  segments: number;
}

/** What one message and one segment of a split message hold, by encoding. */
export const SMS_CAPACITY: Record<SmsEncoding, { single: number; segment: number }> = {
  gsm7: { single: 160, segment: 153 },
  'gsm7-turkish': { single: 155, segment: 149 },
  ucs2: { single: 70, segment: 67 },
};

/** The encoding a text needs and the width of each of its characters in it. */
function widths(chars: string[]): { encoding: SmsEncoding; widths: number[] } {
  let turkish = false;
  const gsm: number[] = [];
  for (const c of chars) {
    if (GSM_DEFAULT.has(c)) gsm.push(1);
    else if (GSM_EXTENSION.has(c)) gsm.push(2);
    else if (TURKISH_SHIFT.has(c)) {
      gsm.push(2);
      turkish = true;
    } else {
      return { encoding: 'ucs2', widths: chars.map((ch) => ch.length) };
    }
  }
  return { encoding: turkish ? 'gsm7-turkish' : 'gsm7', widths: gsm };
}

/** The length of `text` in characters, its encoding, and the messages it is sent as. */
export function smsLength(text: string): SmsLength {
  const chars = [...text.normalize('NFC')];
  const { encoding, widths: w } = widths(chars);
  const units = w.reduce((a, b) => a + b, 0);
  const { single, segment } = SMS_CAPACITY[encoding];
  let segments = 0;
  if (units > single) {
    // Filled one by one: a character that does not fit whole starts the next segment.
    let used = segment;
    for (const width of w) {
      if (used + width > segment) {
        segments += 1;
        used = 0;
      }
      used += width;
    }
  } else if (units > 0) {
    segments = 1;
  }
  return { characters: chars.length, encoding, units, segments };
}
