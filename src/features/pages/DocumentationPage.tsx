// /documentation: a short guide for staff, in every language through the translation keys.
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { BookOpen, CalendarDays, Keyboard, LogIn, Menu, Pencil, Table2, WifiOff } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { t } from '@/lib/i18n.ts';

const SECTIONS: { key: string; icon: ReactNode }[] = [
  { key: 'signIn', icon: <LogIn /> },
  { key: 'menu', icon: <Menu /> },
  { key: 'tables', icon: <Table2 /> },
  { key: 'editing', icon: <Pencil /> },
  { key: 'translations', icon: <Keyboard /> },
  { key: 'season', icon: <CalendarDays /> },
  { key: 'offline', icon: <WifiOff /> },
];

export function DocumentationPage() {
  useLingui();
  return (
    <div className="flex flex-col gap-6">
      <header className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-highlight text-highlight-foreground" aria-hidden>
          <BookOpen className="size-5" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('docs.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('docs.intro')}</p>
        </div>
      </header>
      <nav aria-label={t('docs.title')}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {SECTIONS.map((s) => (
            <li key={s.key}>
              <a href={`#docs-${s.key}`} className="inline-block rounded-full border border-border px-3 py-1 hover:bg-accent hover:text-accent-foreground">
                {t(`docs.${s.key}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-6 lg:grid-cols-2">
        {SECTIONS.map((s) => (
          <Card key={s.key} id={`docs-${s.key}`} className="scroll-mt-24">
            <CardHeader className="flex-row items-center gap-3">
              <span className="text-primary-text [&_svg]:size-5" aria-hidden>
                {s.icon}
              </span>
              <CardTitle className="text-base">
                <h2>{t(`docs.${s.key}.title`)}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-relaxed text-muted-foreground">
                {s.key === 'translations' ? <Shortcut text={t('docs.translations.text')} /> : t(`docs.${s.key}.text`)}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

/** Shows "Ctrl+Shift+K" inside a text as keyboard keys. */
function Shortcut({ text }: { text: string }) {
  const [before, after] = text.split('Ctrl+Shift+K');
  if (after === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <kbd className="rounded border border-border bg-surface-100 px-1.5 py-0.5 font-mono text-xs text-foreground dark:bg-surface-800">Ctrl</kbd>+
      <kbd className="rounded border border-border bg-surface-100 px-1.5 py-0.5 font-mono text-xs text-foreground dark:bg-surface-800">Shift</kbd>+
      <kbd className="rounded border border-border bg-surface-100 px-1.5 py-0.5 font-mono text-xs text-foreground dark:bg-surface-800">K</kbd>
      {after}
    </>
  );
}
