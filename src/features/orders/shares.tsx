// The order's share lines (VictimOrderDetail), each editable in place: shareholder name, phone and
// intention, saved with the row's version. A stale save keeps the typed values and offers the
// current row; field errors show under their field. A completed or cancelled order's lines are
// read-only, with the reason above them.
import { useId, useState, type FormEvent } from 'react';
import { Lock } from 'lucide-react';
import { useGetVictimOrderDetailForPaging, useUpdateVictimOrderDetail } from '../../../generated/api/victim-order-detail/victim-order-detail.ts';
import type { VictimOrder, VictimOrderDetail, VictimOrderDetailUpdateIntention } from '../../../generated/api/model/index.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { fieldClass, Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { ErrorBox, nativeSelectClass, pageRequest, Section, where } from './common.tsx';
import { finalOrderNote, isFinalOrder } from './final.ts';

const INTENTIONS: VictimOrderDetailUpdateIntention[] = ['kurban', 'adak', 'akika', 'sukur'];

export function useShareLines(orderId: number) {
  return useGetVictimOrderDetailForPaging(pageRequest([where('victimOrderId', orderId)], [{ ColumnName: 'shareNo', SortOrder: 1 }], 50), {
    query: { select: dataOf },
  });
}

interface Draft {
  shareholderName: string;
  shareholderPhone: string;
  intention: VictimOrderDetailUpdateIntention;
}
const draftOf = (l: VictimOrderDetail): Draft => ({
  shareholderName: l.shareholderName,
  shareholderPhone: l.shareholderPhone ?? '',
  intention: (l.intention ?? 'kurban') as VictimOrderDetailUpdateIntention,
});

function ShareLine({ line, editable }: { line: VictimOrderDetail; editable: boolean }) {
  const ids = useId();
  const [base, setBase] = useState(line);
  const [draft, setDraft] = useState<Draft>(() => draftOf(line));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<VictimOrderDetail>();
  const update = useUpdateVictimOrderDetail({ request: { silent: true } });
  const invalidate = useInvalidate();
  // A newer version from the server (after a reload) replaces an untouched line.
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(base));
  if (line.rowVersion > base.rowVersion && !dirty) {
    setBase(line);
    setDraft(draftOf(line));
  }
  const label = (f: string) => t(`field.victimOrderDetail.${f}`);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!dirty) return;
    setFieldErrors({});
    setStale(undefined);
    try {
      const saved = dataOf(
        await update.mutateAsync({
          data: {
            id: base.id,
            rowVersion: base.rowVersion,
            victimOrderId: base.victimOrderId,
            shareNo: base.shareNo,
            shareholderName: draft.shareholderName.trim(),
            shareholderPhone: draft.shareholderPhone.trim() || null,
            intention: draft.intention,
          },
        }),
      );
      if (saved) {
        setBase(saved);
        setDraft(draftOf(saved));
      }
      update.reset();
      await invalidate('/VictimOrderDetail');
    } catch (err) {
      if (err instanceof ApiError) {
        setFieldErrors(err.fieldMessages(label));
        if (err.code === 'error.conflict.stale' && err.current) setStale(err.current as unknown as VictimOrderDetail);
      }
    }
  };

  const reload = () => {
    if (!stale) return;
    setBase(stale);
    setDraft(draftOf(stale));
    setStale(undefined);
    update.reset();
  };

  const field = (f: keyof Draft) => ({
    id: `${ids}-${f}`,
    'aria-label': t('orderPage.shares.fieldOf', { label: label(f), no: line.shareNo }),
    'aria-invalid': !!fieldErrors[f] || undefined,
    'aria-describedby': fieldErrors[f] ? `${ids}-${f}-error` : undefined,
    disabled: !editable,
  });
  const err = (f: string) =>
    fieldErrors[f] ? (
      <p id={`${ids}-${f}-error`} className="mt-1 text-xs text-destructive">
        {fieldErrors[f]}
      </p>
    ) : null;

  return (
    <li>
      <form onSubmit={(e) => void save(e)} className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[3rem_1fr_1fr_9rem_auto]" data-testid="share-line" noValidate>
        <span className="flex h-(--control-h) items-center gap-1 font-semibold tabular-nums">
          {/* On phones the column headings are hidden: each field says what it is. */}
          <span className="font-normal text-muted-foreground sm:hidden">{label('shareNo')}</span>
          {line.shareNo}
        </span>
        <div>
          <PhoneCaption text={label('shareholderName')} />
          <Input {...field('shareholderName')} maxLength={150} value={draft.shareholderName} onChange={(e) => setDraft({ ...draft, shareholderName: e.target.value })} />
          {err('shareholderName')}
        </div>
        <div>
          <PhoneCaption text={label('shareholderPhone')} />
          <Input {...field('shareholderPhone')} type="tel" maxLength={20} value={draft.shareholderPhone} onChange={(e) => setDraft({ ...draft, shareholderPhone: e.target.value })} />
          {err('shareholderPhone')}
        </div>
        <div>
          <PhoneCaption text={label('intention')} />
          <select
            {...field('intention')}
            className={cn(fieldClass, nativeSelectClass)}
            value={draft.intention}
            onChange={(e) => setDraft({ ...draft, intention: e.target.value as VictimOrderDetailUpdateIntention })}
          >
            {INTENTIONS.map((i) => (
              <option key={i} value={i}>
                {t(`enum.victimOrderDetail.intention.${i}`)}
              </option>
            ))}
          </select>
          {err('intention')}
        </div>
        {editable ? (
          <Button type="submit" variant={dirty ? 'default' : 'outline'} disabled={!dirty || update.isPending} aria-label={t('orderPage.shares.saveLine', { no: line.shareNo })}>
            {t('action.save')}
          </Button>
        ) : (
          <span />
        )}
        {update.error && Object.keys(fieldErrors).length === 0 && (
          <ErrorBox error={update.error} className="sm:col-span-5">
            {stale && (
              <Button size="sm" variant="outline" onClick={reload}>
                {t('action.loadCurrent')}
              </Button>
            )}
          </ErrorBox>
        )}
      </form>
    </li>
  );
}

/** A field's name above it on phones; the field's own aria-label already names it. */
const PhoneCaption = ({ text }: { text: string }) => (
  <span className="mb-1 block text-xs font-medium text-muted-foreground sm:hidden" aria-hidden>
    {text}
  </span>
);

export function SharesSection({ order }: { order: VictimOrder }) {
  const lines = useShareLines(order.id);
  const { hasClaim } = useSession();
  const final = isFinalOrder(order.status);
  const editable = hasClaim('VictimOrderDetail.Update') && !final;
  return (
    <Section title={t('orderPage.shares.title')} testId="order-shares">
      {final && (
        <Alert variant="info" data-testid="order-shares-read-only">
          <Lock aria-hidden="true" />
          <AlertDescription>{finalOrderNote()}</AlertDescription>
        </Alert>
      )}
      {lines.isLoading ? (
        <Skeleton className="h-24" />
      ) : !lines.data?.data.length ? (
        <p className="text-sm text-muted-foreground">{t('orderPage.empty')}</p>
      ) : (
        <>
          <div className="hidden grid-cols-[3rem_1fr_1fr_9rem_auto] gap-2 text-xs font-medium text-muted-foreground sm:grid" aria-hidden>
            <span>{t('field.victimOrderDetail.shareNo')}</span>
            <span>{t('field.victimOrderDetail.shareholderName')}</span>
            <span>{t('field.victimOrderDetail.shareholderPhone')}</span>
            <span>{t('field.victimOrderDetail.intention')}</span>
            <span className="w-16" />
          </div>
          <ul className="flex flex-col gap-2">
            {lines.data.data.map((l) => (
              <ShareLine key={l.id} line={l} editable={editable} />
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
