// Dates and times as people read and type them in a language (issue 17, point 11): the browser's
// own date and time inputs show the browser's format whatever the interface language (Chromium
// shows 05/27/2026 to a Turkish interface in an English browser), so the app's date fields are text
// fields written and read here, in the order, separators and clock of the interface language:
// `27.05.2026` and `14:05` in Turkish, `05/27/2026` and `02:05 PM` in American English.
//
// Values are the API's: a day `YYYY-MM-DD`, a time `HH:mm`, a wall date and time `YYYY-MM-DDTHH:mm`
// (what a datetime-local input holds). A day typed the ISO way (`2026-05-27`) is read in every
// language.

export type DateTextKind = 'date' | 'time' | 'datetime';

type DatePart = 'day' | 'month' | 'year';

interface Shape {
  /** The order of day, month and year. */
  order: DatePart[];
  hour12: boolean;
  am: string;
  pm: string;
  date: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  placeholder: Record<DateTextKind, string>;
}

const FALLBACK = 'tr-TR';
const shapes = new Map<string, Shape>();

function supported(lang: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(lang).length ? lang : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** The words of the date and time fields in the language ("gün", "ay", "yıl"). */
function fieldNames(lang: string): (field: 'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod') => string {
  try {
    const names = new Intl.DisplayNames(lang, { type: 'dateTimeField' });
    return (field) => names.of(field) ?? field;
  } catch {
    return (field) => field;
  }
}

function shapeOf(language: string): Shape {
  const known = shapes.get(language);
  if (known) return known;
  const lang = supported(language);
  const date = new Intl.DateTimeFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(lang, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  const dateParts = date.formatToParts(Date.UTC(2026, 11, 31));
  const order = dateParts.map((p) => p.type).filter((type): type is DatePart => type === 'day' || type === 'month' || type === 'year');
  const period = (hour: number) => time.formatToParts(Date.UTC(2026, 0, 1, hour)).find((p) => p.type === 'dayPeriod')?.value ?? '';
  const hour12 = /h1[12]/.test(time.resolvedOptions().hourCycle ?? '') || period(1) !== '';
  // The pattern in the language's words, with its separators: "gün.ay.yıl", "month/day/year".
  const name = fieldNames(lang);
  const words = (parts: Intl.DateTimeFormatPart[]) =>
    spaces(parts.map((p) => (p.type === 'literal' ? p.value : p.type === 'dayPeriod' ? name('dayPeriod') : name(p.type as DatePart))).join(''));
  const shape: Shape = {
    order: order.length === 3 ? order : ['day', 'month', 'year'],
    hour12,
    am: period(1),
    pm: period(13),
    date,
    time,
    dateTime,
    placeholder: {
      date: words(dateParts),
      time: words(time.formatToParts(Date.UTC(2026, 0, 1, 13, 5))),
      datetime: words(dateTime.formatToParts(Date.UTC(2026, 11, 31, 13, 5))),
    },
  };
  shapes.set(language, shape);
  return shape;
}

/** ICU writes narrow and no-break spaces ("5:00 PM"); people type plain ones. */
const spaces = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function utc(year: number, month: number, day: number, hour = 0, minute = 0): Date | undefined {
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute));
  d.setUTCFullYear(year);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d;
}

/** Whether a value is one of the kind (`2026-05-27`, `14:05`, `2026-05-27T14:05`). */
export function isDateValue(value: unknown, kind: DateTextKind): value is string {
  return typeof value === 'string' && parseValue(value, kind) !== undefined;
}

function parseValue(value: string, kind: DateTextKind): Date | undefined {
  if (kind === 'time') {
    const m = TIME.exec(value);
    return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? new Date(Date.UTC(2026, 0, 1, Number(m[1]), Number(m[2]))) : undefined;
  }
  const m = (kind === 'date' ? DAY : WALL).exec(value);
  if (!m) return undefined;
  const [hour, minute] = kind === 'datetime' ? [Number(m[4]), Number(m[5])] : [0, 0];
  if (hour > 23 || minute > 59) return undefined;
  return utc(Number(m[1]), Number(m[2]), Number(m[3]), hour, minute);
}

/** A value as the language writes it ('' for an empty or unreadable value). */
export function formatDateText(value: unknown, kind: DateTextKind, lang: string): string {
  if (typeof value !== 'string' || !value) return '';
  const at = parseValue(value, kind);
  if (!at) return '';
  const shape = shapeOf(lang);
  return spaces((kind === 'date' ? shape.date : kind === 'time' ? shape.time : shape.dateTime).format(at));
}

/** How a field of the kind is written in the language, in its words ("gün.ay.yıl"). */
export function dateTextPlaceholder(kind: DateTextKind, lang: string): string {
  return shapeOf(lang).placeholder[kind];
}

function readTime(numbers: number[], text: string, shape: Shape, lang: string): [number, number] | undefined {
  const minute = numbers[1];
  let hour = numbers[0];
  const lower = text.toLocaleLowerCase(lang);
  const has = (word: string) => !!word && lower.includes(word.toLocaleLowerCase(lang));
  const pm = has(shape.pm) || /\bp\.?\s?m\b/.test(lower);
  const am = !pm && (has(shape.am) || /\ba\.?\s?m\b/.test(lower));
  if (pm || am) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  return hour <= 23 && minute <= 59 ? [hour, minute] : undefined;
}

/**
 * What a typed text means: the value ('' for nothing typed), or undefined when it is not a date
 * (or time) of the kind. Read in the language's order; `2026-05-27` (four digits first) the ISO
 * way.
 */
export function parseDateText(text: string, kind: DateTextKind, lang: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const groups = trimmed.match(/\d+/g) ?? [];
  const numbers = groups.map(Number);
  const shape = shapeOf(lang);
  if (kind === 'time') {
    if (groups.length !== 2) return undefined;
    const time = readTime(numbers, trimmed, shape, lang);
    return time && `${pad(time[0])}:${pad(time[1])}`;
  }
  const iso = groups[0]?.length === 4;
  const wanted = kind === 'date' ? 3 : 5;
  // ISO text may carry seconds; nothing else may carry more than the kind's numbers.
  if (groups.length !== wanted && !(iso && kind === 'datetime' && groups.length === 6)) return undefined;
  const order: DatePart[] = iso ? ['year', 'month', 'day'] : shape.order;
  const part = (p: DatePart) => numbers[order.indexOf(p)];
  // Four digits: a year is complete only once typed in full (no jump to 2020 on the way to 2031).
  if (groups[order.indexOf('year')].length !== 4) return undefined;
  const year = part('year');
  const day = utc(year, part('month'), part('day'));
  if (!day) return undefined;
  const date = `${pad(year, 4)}-${pad(part('month'))}-${pad(part('day'))}`;
  if (kind === 'date') return date;
  const time = readTime(numbers.slice(3, 5), trimmed, shape, lang);
  return time && `${date}T${pad(time[0])}:${pad(time[1])}`;
}
