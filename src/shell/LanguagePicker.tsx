// The language picker of the top bar: languages with their flags; the choice is stored under
// `lang` and `langCode` and its translations are loaded.
import { t } from '@/lib/i18n.ts';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Flag } from './flags.tsx';
import { changeLanguage, useCurrentLanguage } from './current-language.ts';
import { LanguageButton } from './brand.tsx';
import { useFirstItemFocus, type OpenOnUseProps } from './first-use.ts';
import { useLanguages } from './languages.ts';

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

export function LanguagePicker({ className, defaultOpen, openedWith }: OpenOnUseProps) {
  const languages = useLanguages();
  const current = useCurrentLanguage();
  const focusFirstItem = useFirstItemFocus(openedWith);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton className={className} flag={languages.find((l) => l.code === current)?.flag} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-44" ref={focusFirstItem}>
        <DropdownMenuLabel>{t('shell.language')}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <LanguageRadioItems />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
