// The translation dialog's body (loaded when first opened): for the current language, the messages of
// the ids the page has shown (and every other id rendered by t() so far), the missing ones first,
// all editable. Save creates or updates Translates rows (claims Translates.Create / .Update) and
// reloads the language so the page shows them at once. Without those claims it is read-only.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Info, Search } from 'lucide-react';
import { getGetLanguagesQueryKey, getLanguages } from '../../generated/api/languages/languages.ts';
import {
  createTranslate,
  getGetTranslatesQueryKey,
  getTranslateDtos,
  getTranslatesForPaging,
  updateTranslate,
} from '../../generated/api/translates/translates.ts';
import type { Translate } from '../../generated/api/model/index.ts';
import { DataProvider } from './data-provider.tsx';
import { dataOf } from '@/lib/envelope.ts';
import { activateLanguage, hasTranslation, i18n, usedIds } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { SmsLength, isSmsTemplate } from '@/admin/SmsLength.tsx';
import { fetchServerMessages } from './api.ts';

const PAGE_SIZE = 500;
const silent = { silent: true } as const;

/** Ctrl+Shift+K (also Cmd+Shift+K on a Mac). */
const sameLanguage = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The id of the language with this code (from Languages, else from the translation list). */
async function languageIdOf(code: string, canReadLanguages: boolean): Promise<number | null> {
  if (canReadLanguages) {
    const found = dataOf(await getLanguages(silent)).find((l) => sameLanguage(l.code, code));
    if (found?.id) return found.id;
  }
  const dtos = await getTranslateDtos(silent).then(dataOf, () => []);
  return dtos.find((d) => sameLanguage(d.languageCode, code))?.languageId ?? null;
}

async function rowsOf(languageId: number, codes: string[]): Promise<Translate[]> {
  const out: Translate[] = [];
  for (let i = 0; i < codes.length; i += PAGE_SIZE) {
    const page = dataOf(await getTranslatesForPaging({
      PageNumber: 1,
      PageSize: PAGE_SIZE,
      FilterParam: [
        { ColumnName: 'languageId', FilterValue: languageId, MatchMode: 'equals' },
        { ColumnName: 'code', FilterValue: codes.slice(i, i + PAGE_SIZE), MatchMode: 'in', Operator: 'and' },
      ],
      SortingParams: [{ ColumnName: 'code', SortOrder: 1 }],
    }, silent));
    out.push(...(page?.data ?? []));
  }
  return out;
}

/** The editor's own words: translated without being recorded as used (`t()` would record them),
 *  so that the dialog lists the page's texts, not its own, however often it renders or opens. */
const tr = (id: string, values?: Record<string, unknown>): string => i18n._(id, values);

/** The dialog around the editor; the editor starts afresh (the page's words now) at each opening.
 *  It brings the data layer: the sign-in pages, where it opens too, have none. */
export function TranslationEditorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  useLingui();
  return (
    <DataProvider>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent size="xl" data-testid="translation-dialog">
          {open && <TranslationEditor onDone={() => onOpenChange(false)} />}
        </DialogContent>
      </Dialog>
    </DataProvider>
  );
}

function TranslationEditor({ onDone }: { onDone: () => void }) {
  const { i18n: linguiI18n } = useLingui();
  const { hasClaim } = useSession();
  const invalidate = useInvalidate();
  const code = linguiI18n.locale;
  const canRead = hasClaim('Translates.Read');
  const canCreate = hasClaim('Translates.Create');
  const canUpdate = hasClaim('Translates.Update');
  const canReadLanguages = hasClaim('Languages.Read');
  // The ids at the moment the dialog opened (the dialog's own words are not among them).
  const [ids] = useState(() => [...usedIds].sort((a, b) => a.localeCompare(b)));
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState(false);

  // Derived keys (src/lib/query-keys.ts): a language's id, read from Languages or Translates;
  // and the Translates rows of the page's ids, read over as many pages as they need.
  const languageQuery = useQuery({
    queryKey: [...getGetLanguagesQueryKey(), 'idOf', code],
    queryFn: () => languageIdOf(code, canReadLanguages),
    enabled: canRead || canReadLanguages,
  });
  const languageId = languageQuery.data ?? null;
  const rowsQuery = useQuery({
    queryKey: [...getGetTranslatesQueryKey(), 'ofCodes', languageId, ids],
    queryFn: () => rowsOf(languageId!, ids),
    enabled: canRead && !!languageId && ids.length > 0,
  });
  const rows = useMemo(() => new Map((rowsQuery.data ?? []).map((r) => [r.code, r])), [rowsQuery.data]);
  const serverKnown = canRead && !!languageId && rowsQuery.isSuccess;

  const entries = ids.map((id) => {
    const row = rows.get(id);
    const inCatalog = hasTranslation(id);
    const original = row?.value ?? (inCatalog ? i18n._(id) : '');
    const missing = serverKnown ? !row : !inCatalog;
    const editable = !!languageId && (row ? canUpdate : canCreate);
    return { id, row, original, missing, editable, value: edits[id] ?? original };
  });
  const needle = filter.trim().toLocaleLowerCase();
  const shown = needle ? entries.filter((e) => e.id.toLowerCase().includes(needle) || e.value.toLocaleLowerCase().includes(needle)) : entries;
  const missing = shown.filter((e) => e.missing);
  const present = shown.filter((e) => !e.missing);
  const changed = entries.filter((e) => e.editable && e.value.trim() !== '' && e.value !== e.original);
  const readOnly = !(canCreate || canUpdate);
  const loading = languageQuery.isLoading || rowsQuery.isLoading;

  const save = async () => {
    if (!languageId || changed.length === 0) return;
    setSaving(true);
    try {
      for (const e of changed) {
        if (e.row) {
          await updateTranslate({ Id: e.row.id, LanguageId: languageId, Code: e.id, Value: e.value.trim(), Name: e.row.name, rowVersion: e.row.rowVersion }, silent);
        } else {
          await createTranslate({ LanguageId: languageId, Code: e.id, Value: e.value.trim(), Name: window.location.pathname }, silent);
        }
      }
      await invalidate('/Translates');
      await activateLanguage(code, fetchServerMessages);
      notify({ severity: 'success', summary: tr('translation.saved', { count: changed.length }) });
      onDone();
    } catch (err) {
      notify({ severity: 'error', summary: tr('translation.saveFailed'), detail: err instanceof Error ? err.message : undefined, life: 6000 });
    } finally {
      setSaving(false);
    }
  };

  const section = (title: string, list: typeof entries, tone: 'warn' | 'secondary') =>
    list.length > 0 && (
      <section className="flex flex-col gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-foreground">
          {title}
          <Badge variant={tone}>{list.length}</Badge>
        </h3>
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {list.map((e) => (
            <li key={e.id} className="grid gap-1.5 p-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:items-start sm:gap-3">
              <label htmlFor={`tr-${e.id}`} className="break-all pt-1.5 font-mono text-xs text-muted-foreground">{e.id}</label>
              <div className="flex min-w-0 flex-col gap-1">
                {e.value.length > 60 || e.value.includes('\n') ? (
                  <Textarea
                    id={`tr-${e.id}`}
                    value={e.value}
                    readOnly={!e.editable}
                    placeholder={tr('translation.missingValue')}
                    onChange={(ev) => setEdits((m) => ({ ...m, [e.id]: ev.target.value }))}
                    className={cn('min-h-16', !e.editable && 'bg-muted')}
                  />
                ) : (
                  <Input
                    id={`tr-${e.id}`}
                    value={e.value}
                    readOnly={!e.editable}
                    placeholder={tr('translation.missingValue')}
                    onChange={(ev) => setEdits((m) => ({ ...m, [e.id]: ev.target.value }))}
                    className={cn(!e.editable && 'bg-muted')}
                  />
                )}
                {isSmsTemplate(e.id) && <SmsLength text={e.value} translate={tr} />}
              </div>
            </li>
          ))}
        </ul>
      </section>
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{tr('translation.title')}</DialogTitle>
        <DialogDescription>{tr('translation.description', { language: code })}</DialogDescription>
      </DialogHeader>
      {readOnly && (
        <Alert variant="info">
          <Info />
          <AlertDescription>{tr('translation.readOnly')}</AlertDescription>
        </Alert>
      )}
      {!readOnly && !loading && !languageId && (
        <Alert variant="warn">
          <Info />
          <AlertDescription>{tr('translation.noLanguage', { language: code })}</AlertDescription>
        </Alert>
      )}
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input value={filter} onChange={(e) => setFilter(e.target.value)} placeholder={tr('action.search')} aria-label={tr('action.search')} className="pl-9" />
      </div>
      {loading ? (
        <div className="flex flex-col gap-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{tr('message.noRecords')}</p>
      ) : (
        <>
          {section(tr('translation.missing'), missing, 'warn')}
          {section(tr('translation.existing'), present, 'secondary')}
        </>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{tr(readOnly ? 'action.close' : 'action.cancel')}</Button>
        </DialogClose>
        {!readOnly && (
          <Button onClick={() => void save()} disabled={saving || changed.length === 0 || !languageId}>
            {tr('action.save')}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
