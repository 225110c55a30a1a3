// The language picker of the top bar: languages with their flags; the choice is stored under
// `lang` and `langCode` and its translations are loaded.
import { useLingui } from '@lingui/react';
import { ChevronDown } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Flag, countryOfLanguage } from './flags.tsx';
import { changeLanguage, useCurrentLanguage, useLanguages } from './languages.ts';

/** The language choices as radio items (used by the picker and the top bar's "more" menu). */
export function LanguageRadioItems() {
  const languages = useLanguages();
  const current = useCurrentLanguage();
  return (
    <DropdownMenuRadioGroup value={current} onValueChange={(code) => void changeLanguage(code)}>
      {languages.map((l) => (
        <DropdownMenuRadioItem key={l.code} value={l.code} lang={l.code}>
          <Flag country={l.flag} />
          <span>{l.name}</span>
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

export function LanguagePicker({ className }: { className?: string }) {
  useLingui();
  const languages = useLanguages();
  const current = useCurrentLanguage();
  const active = languages.find((l) => l.code === current);
  const short = current.split('-')[0].toUpperCase();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className={cn('gap-1.5 rounded-full px-2.5', className)} aria-label={`${short} · ${t('shell.language')}: ${active?.name ?? current}`} title={t('shell.language')}>
          <Flag country={active?.flag ?? countryOfLanguage(current)} />
          <span className="text-xs font-semibold">{short}</span>
          <ChevronDown className="size-3.5 opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44">
        <DropdownMenuLabel>{t('shell.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <LanguageRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
