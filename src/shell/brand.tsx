// The product's mark and the round buttons of the top bar and the auth pages (dark mode, palette,
// language), in a file of their own so the auth pages carry neither the top bar nor the menus.
import { useLingui } from '@lingui/react';
import { ChevronDown, Moon, Palette, Sun } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { BUNDLED_LANGUAGES, useCurrentLanguage } from './current-language.ts';
import { Flag, countryOfLanguage } from './flags.tsx';
import { useLayoutSettings } from './layout-settings.ts';

/** The product's mark, in the primary colour. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="var(--primary)" />
      <path d="M18 46V18h7v11l10-11h9L33 30l12 16h-9l-8-11-3 3v8z" fill="var(--primary-foreground)" />
    </svg>
  );
}

/** Moon in dark mode, sun in light mode. */
export function DarkModeButton({ className }: { className?: string }) {
  useLingui();
  const { isDarkTheme, toggleDarkMode } = useLayoutSettings();
  const label = t(isDarkTheme ? 'layout.lightMode' : 'layout.darkMode');
  return (
    <Button variant="ghost" size="icon" className={cn('rounded-full', className)} onClick={toggleDarkMode} aria-label={label} title={label} aria-pressed={isDarkTheme}>
      {isDarkTheme ? <Moon /> : <Sun />}
    </Button>
  );
}

/** The picker's button: the current language's flag and short code. */
export function LanguageButton({ className, flag, ...props }: ButtonProps & { flag?: string }) {
  useLingui();
  const current = useCurrentLanguage();
  const short = current.split('-')[0].toUpperCase();
  const bundled = BUNDLED_LANGUAGES.find((l) => l.code === current);
  return (
    <Button
      variant="ghost"
      className={cn('gap-1.5 rounded-full px-2.5', className)}
      aria-label={`${short} · ${t('shell.language')}: ${bundled?.name ?? current}`}
      title={t('shell.language')}
      {...props}
    >
      <Flag country={flag ?? bundled?.flag ?? countryOfLanguage(current)} />
      <span className="text-xs font-semibold">{short}</span>
      <ChevronDown className="size-3.5 opacity-60" />
    </Button>
  );
}

/** The configurator's palette button. */
export function PaletteButton({ className, ...props }: ButtonProps) {
  useLingui();
  return (
    <Button variant="ghost" size="icon" className={cn('rounded-full', className)} aria-label={t('layout.configurator')} title={t('layout.configurator')} {...props}>
      <Palette />
    </Button>
  );
}
