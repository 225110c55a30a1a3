// /pages/empty: a blank page to start a new screen from.
import { useLingui } from '@lingui/react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { t } from '@/lib/i18n.ts';

export function EmptyPage() {
  useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1>{t('page.empty')}</h1>
        </CardTitle>
        <CardDescription>{t('page.empty.detail')}</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
