// `/VictimProductsAppointments` ("Kesim Sırası"): the chosen day's animals in slaughter order with
// their current step as a coloured chip. One click on "İlerlet" (or Enter / Space on the focused
// row; ArrowUp / ArrowDown move between rows) advances an animal to its next step; for 5 s a
// "Geri al" puts it back on the step it came from. With Monitor.Read the day comes from the
// Monitor board and stays live through `Monitor/events` (another worker's advance shows without a
// reload); without it, from the paged list of the queue (refreshed every 15 s), whose rows carry
// a rowVersion for the advance. The generic table stays reachable under `/all`.
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronRight, Plus, Radio, Undo2, WifiOff } from 'lucide-react';
import { useGetVictimAppointmentSteps } from '../../../generated/api/victim-appointment-steps/victim-appointment-steps.ts';
import {
  getVictimProductsAppointmentsForPaging,
  useAdvanceVictimProductsAppointment,
} from '../../../generated/api/victim-products-appointments/victim-products-appointments.ts';
import type { VictimProductsAppointment } from '../../../generated/api/model/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { DayPicker } from '@/components/ui/day-picker.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { useDayParam } from '@/lib/day-param.ts';
import { t } from '@/lib/i18n.ts';
import { lookupText } from '@/lib/reference-text.ts';
import { useSession } from '@/lib/session.ts';
import { chipColors, stepName, useLiveBoard } from './live-board.ts';
import { cn } from '@/lib/utils.ts';
import { queueRequest, queueRowsKey, type QueueRow, type QueueStep } from './queue.ts';

// "Hayvan ekle" (with the lookup combobox): its own chunk, loaded when first pointed at or used.
const loadAddAnimal = () => import('./add-animal.tsx');
const AddAnimalDialog = lazy(() => loadAddAnimal().then((m) => ({ default: m.AddAnimalDialog })));

const UNDO_MS = 5000;
const LIST_REFRESH_MS = 15_000;

interface Source {
  rows: QueueRow[];
  steps: QueueStep[];
  loading: boolean;
  failed: boolean;
  /** Live through the Monitor's stream (undefined: no stream for this user). */
  connected?: boolean;
  /** Writes an animal's new step (and rowVersion) into the cached day. */
  setRow: (id: number, stepId: number | null, rowVersion?: number) => void;
}

/** The day from the Monitor board, kept live by its stream. */
function useBoardSource(date: string): Source {
  const { board, connected, setStep } = useLiveBoard(date);
  return {
    rows: (board.data?.entries ?? []).map((e) => ({ id: e.id, slaughterNo: e.slaughterNo, animalCode: e.animalCode, stepId: e.stepId })),
    steps: (board.data?.steps ?? []).map((s) => ({ ...s, name: stepName(s) })),
    loading: board.isPending,
    failed: board.isError && !board.data,
    connected,
    setRow: setStep,
  };
}

/** The day from the paged list of the queue (a user without Monitor.Read). */
function useListSource(date: string, canReadSteps: boolean): Source {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: queueRowsKey(date),
    queryFn: async ({ signal }) => dataOf(await getVictimProductsAppointmentsForPaging(queueRequest(date), { signal, silent: true })).data,
    refetchInterval: LIST_REFRESH_MS,
  });
  const steps = useGetVictimAppointmentSteps({ query: { select: dataOf, enabled: canReadSteps, staleTime: 5 * 60_000 }, request: { silent: true } });
  const setRow = useCallback(
    (id: number, stepId: number | null, rowVersion?: number) =>
      queryClient.setQueryData<VictimProductsAppointment[]>(queueRowsKey(date), (old) =>
        old?.map((r) => (r.id === id ? { ...r, currentStepId: stepId, rowVersion: rowVersion ?? r.rowVersion } : r)),
      ),
    [queryClient, date],
  );
  const stepNames = new Map<number, string>();
  for (const r of list.data ?? []) {
    const name = lookupText(r, 'currentStepId', 'VictimAppointmentStep');
    if (r.currentStepId != null && name) stepNames.set(r.currentStepId, name);
  }
  const known: QueueStep[] = (steps.data ?? [])
    .map((s) => ({ id: s.id, name: stepName(s), color: s.color ?? '', stepOrder: s.stepOrder, isFinal: !!s.isFinal }))
    .sort((a, b) => a.stepOrder - b.stepOrder);
  const fromRows: QueueStep[] = [...stepNames].map(([id, name]) => ({ id, name, color: '', stepOrder: id, isFinal: false }));
  return {
    rows: (list.data ?? []).map((r) => ({
      id: r.id,
      slaughterNo: r.slaughterNo,
      animalCode: r.lookups?.productId ?? `#${r.productId}`,
      stepId: r.currentStepId ?? null,
      rowVersion: r.rowVersion,
    })),
    steps: known.length ? known : fromRows,
    loading: list.isPending,
    failed: list.isError && !list.data,
    setRow,
  };
}

function StepChip({ step }: { step: QueueStep | undefined }) {
  if (!step) {
    return (
      <span className="inline-flex items-center rounded-full border border-border bg-muted px-3 py-1 text-sm font-semibold text-foreground">
        {t('slaughter.waiting')}
      </span>
    );
  }
  const colors = chipColors(step.color);
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold', !colors && 'border border-border bg-muted text-foreground')}
      style={colors}
      data-slot="step-chip"
    >
      {step.isFinal && <Check className="size-4" strokeWidth={3} aria-hidden />}
      {step.name}
    </span>
  );
}

interface Undo {
  id: number;
  slaughterNo: number;
  to: number;
  toName: string;
}

export function QueuePage() {
  const { i18n } = useLingui();
  const { hasClaim } = useSession();
  const [date, setDate] = useDayParam();
  const canBoard = hasClaim('Monitor.Read');
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4 py-4 sm:p-6" data-testid="slaughter-queue">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 id={titleId} className="text-xl font-semibold">
          {t('slaughter.title')}
        </h1>
        <div className="flex flex-wrap items-end gap-3">
          <DayPicker label={t('slaughter.day')} value={date} onChange={setDate} lang={i18n.locale || 'tr-TR'} />
          {hasClaim('VictimProductsAppointments.Create') && (
            <Button variant="outline" onClick={() => setAdding(true)} onPointerEnter={() => void loadAddAnimal()} onFocus={() => void loadAddAnimal()}>
              <Plus aria-hidden />
              {t('slaughter.add')}
            </Button>
          )}
          <Button variant="link" asChild>
            <Link to="/VictimProductsAppointments/all">{t('slaughter.allRecords')}</Link>
          </Button>
        </div>
      </header>
      {adding && (
        <Suspense fallback={null}>
          <AddAnimalDialog date={date} onClose={() => setAdding(false)} />
        </Suspense>
      )}
      {canBoard ? <BoardQueue key={date} date={date} /> : <ListQueue key={date} date={date} canReadSteps={hasClaim('VictimAppointmentSteps.Read')} />}
    </section>
  );
}

function BoardQueue({ date }: { date: string }) {
  return <QueueTable date={date} source={useBoardSource(date)} />;
}

function ListQueue({ date, canReadSteps }: { date: string; canReadSteps: boolean }) {
  return <QueueTable date={date} source={useListSource(date, canReadSteps)} />;
}

function QueueTable({ date, source }: { date: string; source: Source }) {
  const { hasClaim } = useSession();
  const canAdvance = hasClaim('VictimProductsAppointments.Update');
  const { rows, steps, setRow } = source;
  const stepOf = new Map(steps.map((s) => [s.id, s]));
  const hintId = useId();
  const [activeId, setActiveId] = useState<number | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [undo, setUndo] = useState<Undo | undefined>(undefined);
  const [announce, setAnnounce] = useState('');
  const [busyId, setBusyId] = useState<number | undefined>(undefined);
  const rowRefs = useRef(new Map<number, HTMLTableRowElement>());
  const advance = useAdvanceVictimProductsAppointment({ request: { silent: true } });

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(undefined), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  const current = activeId !== undefined && rows.some((r) => r.id === activeId) ? activeId : rows[0]?.id;

  const move = async (row: QueueRow, stepId?: number) => {
    if (busyId !== undefined) return;
    setError(undefined);
    setBusyId(row.id);
    try {
      const data = {
        ...(stepId !== undefined ? { stepId } : {}),
        ...(row.rowVersion !== undefined ? { rowVersion: row.rowVersion } : {}),
      };
      const moved = dataOf(await advance.mutateAsync({ id: row.id, data }));
      const now = moved.currentStepId ?? null;
      setRow(row.id, now, moved.rowVersion);
      const name = now === null ? t('slaughter.waiting') : (stepOf.get(now)?.name ?? lookupText(moved, 'currentStepId', 'VictimAppointmentStep') ?? '');
      setAnnounce(t('slaughter.moved', { no: row.slaughterNo, step: name }));
      if (stepId === undefined && row.stepId !== null) {
        setUndo({ id: row.id, slaughterNo: row.slaughterNo, to: row.stepId, toName: stepOf.get(row.stepId)?.name ?? '' });
      } else {
        setUndo(undefined);
      }
    } catch (err) {
      setError(err instanceof ApiError ? t('slaughter.failed', { no: row.slaughterNo, message: err.message }) : String(err));
    } finally {
      setBusyId(undefined);
    }
  };

  const undoLast = async () => {
    if (!undo) return;
    const row = rows.find((r) => r.id === undo.id);
    setUndo(undefined);
    if (row) {
      await move(row, undo.to);
      rowRefs.current.get(row.id)?.focus();
    }
  };

  const focusRow = (id: number | undefined) => {
    if (id === undefined) return;
    setActiveId(id);
    rowRefs.current.get(id)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, row: QueueRow, index: number) => {
    if (e.target !== e.currentTarget) return; // the row's own button handles its keys
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = rows[Math.min(rows.length - 1, Math.max(0, index + (e.key === 'ArrowDown' ? 1 : -1)))];
      focusRow(next?.id);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      focusRow((e.key === 'Home' ? rows[0] : rows[rows.length - 1])?.id);
    } else if ((e.key === 'Enter' || e.key === ' ') && canAdvance) {
      e.preventDefault();
      if (!e.repeat) void move(row);
    }
  };

  const done = rows.filter((r) => r.stepId !== null && stepOf.get(r.stepId)?.isFinal).length;

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground sm:p-4">
      <div className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
        {rows.length > 0 && <p className="tabular-nums">{t('slaughter.progress', { done, total: rows.length })}</p>}
        {source.connected === true && (
          <span className="flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
            <Radio className="size-4" aria-hidden />
            {t('slaughter.live')}
          </span>
        )}
        {source.connected === false && (
          <span role="alert" className="flex items-center gap-1.5 font-medium text-amber-800 dark:text-amber-300">
            <WifiOff className="size-4" aria-hidden />
            {t('slaughter.disconnected')}
          </span>
        )}
        {canAdvance && rows.length > 0 && (
          <p id={hintId} className="ml-auto">
            {t('slaughter.keysHint')}
          </p>
        )}
      </div>

      {error && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {undo && (
        <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted px-3 py-2 text-sm" data-testid="slaughter-undo">
          <span>{announce}</span>
          <Button size="sm" variant="outline" onClick={() => void undoLast()} disabled={busyId !== undefined}>
            <Undo2 aria-hidden />
            {t('slaughter.undo')}
          </Button>
        </div>
      )}

      {rows.length === 0 ? (
        source.loading ? (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('slaughter.loading')}>
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : (
          <p className="py-8 text-center text-muted-foreground">{source.failed ? t('slaughter.loadFailed') : t('slaughter.empty')}</p>
        )
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{`${t('slaughter.title')} — ${date}`}</caption>
            <thead>
              <tr className="border-b border-border text-muted-foreground">
                <th scope="col" className="w-12 px-2 py-2 text-right font-medium sm:w-20 sm:px-3">{t('slaughter.column.no')}</th>
                <th scope="col" className="px-2 py-2 font-medium sm:px-3">{t('slaughter.column.animal')}</th>
                <th scope="col" className="px-2 py-2 font-medium sm:px-3">{t('slaughter.column.step')}</th>
                {canAdvance && <th scope="col" className="px-2 py-2 text-right font-medium sm:px-3"><span className="sr-only">{t('slaughter.column.action')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const step = row.stepId === null ? undefined : stepOf.get(row.stepId);
                const final = !!step?.isFinal;
                return (
                  <tr
                    key={row.id}
                    ref={(el) => {
                      if (el) rowRefs.current.set(row.id, el);
                      else rowRefs.current.delete(row.id);
                    }}
                    tabIndex={row.id === current ? 0 : -1}
                    aria-describedby={canAdvance ? hintId : undefined}
                    data-entry={row.id}
                    data-step={row.stepId ?? ''}
                    onFocus={(e) => e.target === e.currentTarget && setActiveId(row.id)}
                    onKeyDown={(e) => onKeyDown(e, row, index)}
                    className={cn(
                      'border-b border-border outline-none focus-visible:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                      final && 'text-muted-foreground',
                    )}
                  >
                    <td className="px-2 py-2 text-right text-lg font-bold tabular-nums sm:px-3">{row.slaughterNo}</td>
                    <td className="px-2 py-2 font-mono font-semibold sm:px-3">{row.animalCode}</td>
                    <td className="px-2 py-2 sm:px-3">
                      <StepChip step={step} />
                    </td>
                    {canAdvance && (
                      <td className="px-2 py-2 text-right sm:px-3">
                        <Button
                          size="sm"
                          variant="secondary"
                          tabIndex={-1}
                          disabled={final || busyId === row.id}
                          aria-label={t('slaughter.advanceRow', { no: row.slaughterNo })}
                          onClick={() => {
                            setActiveId(row.id);
                            void move(row);
                          }}
                        >
                          {t('slaughter.advance')}
                          <ChevronRight aria-hidden />
                        </Button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
