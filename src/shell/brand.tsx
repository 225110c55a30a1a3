// The product's mark and the dark-mode toggle: shared by the top bar and the auth pages, in a
// file of their own so the auth pages do not carry the top bar.
import { useLingui } from '@lingui/react';
import { Moon, Sun } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from '@/components/ui/button.tsx';
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
