// `/Monitor`: the slaughter board on the hall's TV. Full screen, dark and high-contrast: the day's
// animals with their slaughter number, animal code, current step (a chip in the step's colour)
// and the shareholders' initials, live from `Monitor/events`. The board is loaded once through
// the generated call; the stream's `snapshot` and `change` events keep the cached board current.
// A list longer than the screen pages itself every 10 s; a dropped stream shows a banner until
// it is back. `?date=YYYY-MM-DD` shows another day; without it the board follows today.
// Made for a TV left on for days (see README, "The hall TV"): the screen is kept awake, a new
// version is taken up unasked (the shell's update prompt), an ended session asks for a sign-in
// that comes back here (the route's guard and the API client both send `returnUrl`).
// The TV's large type from `lg` (1024 px) up; smaller below, so a phone shows every column.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLingui } from '@lingui/react';
import { Check, Radio, WifiOff } from 'lucide-react';
import type { MonitorEntry, MonitorStep } from '../../../generated/api/model/index.ts';
import { DAY_PATTERN, formatTime, istanbulToday } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';
import { chipColors, stepName, useLiveBoard } from './live-board.ts';
import { cn } from '@/lib/utils.ts';

const PAGE_MS = 10_000;

/** A value recomputed every `ms`. */
function useTicking<T>(compute: () => T, ms: number): T {
  const [value, setValue] = useState(compute);
  const latest = useRef(compute);
  useEffect(() => {
    latest.current = compute;
  });
  useEffect(() => {
    const id = setInterval(() => setValue(latest.current()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return value;
}

function Clock({ locale }: { locale: string }) {
  const format = useCallback(() => formatTime(new Date(), locale), [locale]);
  const time = useTicking(format, 1000);
  return (
    <time className="text-2xl font-bold tabular-nums tracking-tight lg:text-5xl" aria-label={t('monitor.clock')}>
      {time}
    </time>
  );
}

/** How often a wake lock the screen does not hold is asked for again. */
const WAKE_RETRY_MS = 60_000;

/**
 * Keeps the screen awake while the board shows (where the browser allows it). The browser lets
 * the lock go when the page is hidden, the system when it must (power saving): it is taken again
 * when the board shows, when it is released, and every minute while it is not held.
 */
function useWakeLock() {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let asking = false;
    let ended = false;
    const acquire = () => {
      if (ended || lock || asking || document.visibilityState !== 'visible') return;
      asking = true;
      navigator.wakeLock.request('screen').then(
        (l) => {
          asking = false;
          if (ended) return void l.release().catch(() => undefined);
          lock = l;
          l.addEventListener('release', () => {
            if (lock === l) lock = undefined;
            acquire();
          });
        },
        () => (asking = false),
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    const retry = setInterval(acquire, WAKE_RETRY_MS);
    return () => {
      ended = true;
      clearInterval(retry);
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

/** How many rows fit: the body's height over one row's, measured whenever the screen changes. */
function useRowsThatFit(ready: boolean) {
  const area = useRef<HTMLDivElement>(null);
  const [rows, setRows] = useState(8);
  useLayoutEffect(() => {
    const el = area.current;
    if (!el || !ready) return;
    const measure = () => {
      const head = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
      const row = el.querySelector('tbody tr')?.getBoundingClientRect().height || 96;
      setRows(Math.max(1, Math.floor((el.clientHeight - head) / row)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ready]);
  return { area, rows };
}

function StepChip({ step }: { step: MonitorStep | undefined }) {
  if (!step) {
    return <span className="inline-flex items-center rounded-full bg-zinc-700 px-3 py-1 text-base font-bold text-white lg:px-5 lg:py-2 lg:text-2xl">{t('monitor.waiting')}</span>;
  }
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-zinc-200 px-3 py-1 text-base font-bold text-black lg:gap-2 lg:px-5 lg:py-2 lg:text-2xl"
      style={chipColors(step.color)}
      data-final={step.isFinal || undefined}
    >
      {step.isFinal && <Check className="size-4 lg:size-7" strokeWidth={3} aria-hidden />}
      {stepName(step)}
    </span>
  );
}

function Row({ entry, step }: { entry: MonitorEntry; step: MonitorStep | undefined }) {
  const done = !!step?.isFinal;
  return (
    <tr className={cn('h-16 border-b border-zinc-800 lg:h-24', done && 'bg-zinc-900')} data-entry={entry.id} data-step={entry.stepId ?? ''}>
      <td className="px-2 text-right text-3xl font-black tabular-nums leading-none lg:w-40 lg:px-8 lg:text-6xl">{entry.slaughterNo}</td>
      <td className="break-all px-2 font-mono text-base font-semibold lg:break-normal lg:px-6 lg:text-4xl">{entry.animalCode}</td>
      <td className="px-2 lg:px-6">
        <StepChip step={step} />
        {done && <span className="sr-only"> — {t('monitor.done')}</span>}
      </td>
      <td className="px-2 text-sm text-zinc-200 lg:px-8 lg:text-2xl">
        <span className="line-clamp-2">{entry.shareholders.join(' · ')}</span>
      </td>
    </tr>
  );
}

export function MonitorPage() {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const [params] = useSearchParams();
  const asked = params.get('date');
  const today = useTicking(istanbulToday, 60_000);
  const date = asked && DAY_PATTERN.test(asked) ? asked : today;
  useWakeLock();
  // A hall screen keeps trying while the server is away.
  const { board, connected } = useLiveBoard(date, { retry: true });

  const entries = board.data?.entries ?? [];
  const steps = board.data?.steps ?? [];
  const stepOf = new Map(steps.map((s) => [s.id, s]));
  const done = entries.filter((e) => e.stepId !== null && stepOf.get(e.stepId)?.isFinal).length;

  const { area, rows } = useRowsThatFit(entries.length > 0);
  const pages = Math.max(1, Math.ceil(entries.length / rows));
  const [pageIndex, setPageIndex] = useState(0);
  const current = pageIndex % pages;
  useEffect(() => {
    if (pages <= 1) return;
    const id = setInterval(() => setPageIndex((p) => (p + 1) % pages), PAGE_MS);
    return () => clearInterval(id);
  }, [pages]);
  const shown = entries.slice(current * rows, current * rows + rows);

  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

  return (
    <div className="fixed inset-0 flex flex-col overflow-hidden bg-zinc-950 text-zinc-50" data-slot="monitor">
      <header className="flex flex-wrap items-center gap-x-8 gap-y-1 border-b border-zinc-800 px-3 py-2 lg:flex-nowrap lg:px-8 lg:py-4">
        <h1 className="text-2xl font-bold tracking-tight lg:text-4xl">{t('monitor.title')}</h1>
        <p className="text-base text-zinc-300 lg:text-2xl">{longDate}</p>
        <div className="ml-auto flex items-center gap-4 lg:gap-8">
          {entries.length > 0 && <p className="text-base text-zinc-300 tabular-nums lg:text-2xl">{t('monitor.progress', { done, total: entries.length })}</p>}
          {connected && (
            <span className="flex items-center gap-2 text-base font-semibold text-emerald-400 lg:text-xl">
              <Radio className="size-5 lg:size-6" aria-hidden />
              {t('monitor.live')}
            </span>
          )}
          <Clock locale={locale} />
        </div>
      </header>

      {!connected && (
        <div role="alert" className="flex items-center gap-4 bg-amber-400 px-3 py-2 text-xl font-bold text-black lg:px-8 lg:py-3 lg:text-3xl" data-slot="monitor-offline">
          <WifiOff className="size-7 lg:size-9" aria-hidden />
          {t('monitor.disconnected')}
        </div>
      )}

      <main ref={area} className="min-h-0 flex-1 overflow-hidden">
        {entries.length === 0 ? (
          <p className="flex h-full items-center justify-center px-8 text-center text-4xl text-zinc-300">
            {board.isPending ? t('monitor.loading') : board.isError ? t('monitor.loadFailed') : t('monitor.empty')}
          </p>
        ) : (
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{`${t('monitor.title')} — ${longDate}`}</caption>
            <thead>
              <tr className="border-b border-zinc-700 text-xs uppercase tracking-wide text-zinc-300 lg:text-xl">
                <th scope="col" className="px-2 py-2 text-right font-semibold lg:px-8 lg:py-3">{t('monitor.column.no')}</th>
                <th scope="col" className="px-2 py-2 font-semibold lg:px-6 lg:py-3">{t('monitor.column.animal')}</th>
                <th scope="col" className="px-2 py-2 font-semibold lg:px-6 lg:py-3">{t('monitor.column.step')}</th>
                <th scope="col" className="px-2 py-2 font-semibold lg:px-8 lg:py-3">{t('monitor.column.shareholders')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => (
                <Row key={entry.id} entry={entry} step={entry.stepId === null ? undefined : stepOf.get(entry.stepId)} />
              ))}
            </tbody>
          </table>
        )}
      </main>

      <footer className="flex flex-wrap items-center gap-2 border-t border-zinc-800 px-3 py-2 lg:gap-3 lg:px-8 lg:py-3">
        {steps.map((s) => (
          <span key={s.id} className="rounded-full px-2 py-0.5 text-sm font-semibold lg:px-3 lg:py-1 lg:text-lg" style={chipColors(s.color)}>
            {stepName(s)}
          </span>
        ))}
        {pages > 1 && <p className="ml-auto text-base text-zinc-300 tabular-nums lg:text-xl">{t('monitor.page', { page: current + 1, pages })}</p>}
      </footer>
    </div>
  );
}
