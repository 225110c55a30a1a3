// The frame of the login, register, waiting, access-denied, error and not-found pages: a centred
// card on a plain page, with the appearance controls floating top right.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { ConfiguratorOnUse, LanguagePickerOnUse } from './light-controls.tsx';
import { DarkModeButton, Logo } from './brand.tsx';
import { TranslatedUiLabels } from './ui-labels.tsx';

export interface AuthFrameProps {
  /** The card's heading (already translated). */
  title: ReactNode;
  /** A line under the heading. */
  description?: ReactNode;
  /** Icon or illustration above the heading. */
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function AuthFrame({ title, description, icon, children, className }: AuthFrameProps) {
  useLingui();
  return (
    <TranslatedUiLabels>
      <div data-slot="auth-frame" className="relative flex min-h-screen items-center justify-center bg-background px-4 py-16 transition-colors duration-200">
        <header className="fixed right-4 top-4 flex items-center gap-1 rounded-full border border-border bg-card p-1 shadow-sm">
          <DarkModeButton />
          <ConfiguratorOnUse />
          <LanguagePickerOnUse />
        </header>
        <main className="flex w-full max-w-md flex-col items-center gap-6">
          <Link to="/" className="flex items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <Logo className="size-10" />
            <span className="text-xl font-semibold text-foreground">{t('app.title')}</span>
          </Link>
          <Card className={cn('w-full py-8', className)}>
            <CardHeader className="items-center px-8 text-center">
              {icon && <div className="mb-2 flex justify-center text-primary-text [&_svg]:size-10">{icon}</div>}
              <CardTitle className="text-2xl">{title}</CardTitle>
              {description && <CardDescription>{description}</CardDescription>}
            </CardHeader>
            {children && <CardContent className="flex flex-col gap-4 px-8">{children}</CardContent>}
          </Card>
        </main>
      </div>
    </TranslatedUiLabels>
  );
}
