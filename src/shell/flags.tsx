// Language flags from ISO 3166-1 alpha-2 country codes: drawn as SVG for the two bundled
// languages (emoji flags do not render on every desktop), an emoji flag for the others.
import { cn } from '@/lib/utils.ts';

export function flagEmoji(country: string | undefined): string {
  const cc = (country ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(cc)) return '🏳️';
  return String.fromCodePoint(...[...cc].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** The country of a language code when no flag is stored: `tr-TR` → TR, `en` → GB. */
export function countryOfLanguage(code: string): string {
  const [lang, region] = code.split('-');
  if (region && /^[A-Za-z]{2}$/.test(region)) return region.toUpperCase();
  const defaults: Record<string, string> = { tr: 'TR', en: 'GB', de: 'DE', ar: 'SA', fr: 'FR', ru: 'RU', az: 'AZ', fa: 'IR' };
  return defaults[lang.toLowerCase()] ?? lang.slice(0, 2).toUpperCase();
}

const US_STRIPES = Array.from({ length: 7 }, (_, i) => i * 2);

function SvgFlag({ country }: { country: string }) {
  if (country === 'TR')
    return (
      <svg viewBox="0 0 1200 800" className="h-3.5 w-5 rounded-[2px]">
        <rect width="1200" height="800" fill="#e30a17" />
        <circle cx="425" cy="400" r="200" fill="#fff" />
        <circle cx="475" cy="400" r="160" fill="#e30a17" />
        <polygon fill="#fff" points="583.3,400 764.2,458.8 652.4,304.9 652.4,495.1 764.2,341.2" />
      </svg>
    );
  return (
    <svg viewBox="0 0 190 100" className="h-3.5 w-5 rounded-[2px]">
      <rect width="190" height="100" fill="#fff" />
      {US_STRIPES.map((i) => (
        <rect key={i} y={(i * 100) / 13} width="190" height={100 / 13} fill="#b22234" />
      ))}
      <rect width="76" height={(7 * 100) / 13} fill="#3c3b6e" />
    </svg>
  );
}

/** A flag for a country code; decorative (the language name is beside it). */
export function Flag({ country, className }: { country: string; className?: string }) {
  const cc = country.toUpperCase();
  return (
    <span aria-hidden data-slot="flag" className={cn('inline-flex w-5 shrink-0 items-center justify-center text-base leading-none', className)}>
      {cc === 'TR' || cc === 'US' ? <SvgFlag country={cc} /> : flagEmoji(cc)}
    </span>
  );
}
