// /ExamplePage: the back office's common pieces side by side (cards, buttons, tags, a small form
// and the number and date formats of the current language): a reference for new screens.
import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDateTime, formatMoney, formatPercent } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';

export function ExamplePage() {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const id = useId();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim() ? t('validation.required', { label: t('page.example.name') }) : undefined;

  function save(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!name.trim()) return;
    notify({ severity: 'success', summary: t('message.created'), detail: t('page.example.saved', { name: name.trim() }) });
    setName('');
    setNote('');
    setTried(false);
  }

  const sample = new Date();

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('page.example')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.example.detail')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('page.example.formTitle')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={save} className="flex flex-col gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-name`}>{t('page.example.name')}</Label>
                <Input
                  id={`${id}-name`}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${id}-name-error` : undefined}
                />
                {nameError && <p id={`${id}-name-error`} className="text-sm text-destructive">{nameError}</p>}
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-note`}>{t('page.example.note')}</Label>
                <Textarea id={`${id}-note`} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
              </div>
              <div className="flex justify-end gap-2">
                <Button type="button" variant="outline" onClick={() => { setName(''); setNote(''); setTried(false); }}>
                  {t('action.cancel')}
                </Button>
                <Button type="submit">{t('action.save')}</Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t('page.example.formatTitle')}</h2>
            </CardTitle>
            <CardDescription>{locale}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="text-muted-foreground">{t('page.example.money')}</dt>
              <dd className="font-medium tabular-nums">{formatMoney('48750.50', locale)}</dd>
              <dt className="text-muted-foreground">{t('page.example.date')}</dt>
              <dd className="font-medium">{formatDateTime(sample, locale)}</dd>
              <dt className="text-muted-foreground">{t('page.example.percent')}</dt>
              <dd className="font-medium tabular-nums">{formatPercent(18.5, locale)}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Badge variant="secondary">{t('enum.victimOrder.status.draft')}</Badge>
              <Badge variant="info">{t('enum.victimOrder.status.confirmed')}</Badge>
              <Badge variant="success">{t('enum.victimOrder.status.completed')}</Badge>
              <Badge variant="danger">{t('enum.victimOrder.status.cancelled')}</Badge>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button>{t('action.new')}</Button>
              <Button variant="secondary">{t('action.edit')}</Button>
              <Button variant="outline">{t('action.export')}</Button>
              <Button variant="destructive">{t('action.delete')}</Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
