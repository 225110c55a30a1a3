// Collections per day as bars (uPlot, canvas). uPlot and its CSS are imported here only: this
// module loads with the dashboard's lazily loaded chunk, never with the sign-in page or the shell.
// The canvas says nothing to a screen reader: it is wrapped as one image with a label, and a
// visually hidden table carries the same figures.
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardSummaryCollectionsByDayItem } from '../../../generated/api/model/index.ts';
import { formatDate, formatMoney } from '@/lib/format.ts';
import { t } from '@/lib/i18n.ts';

const HEIGHT = 220;

/** A calendar day (YYYY-MM-DD) as uPlot's x: seconds at its UTC midnight (the axis is drawn in UTC). */
const dayToX = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The computed colour of a class (the theme's variables, resolved for the canvas). */
function colourOf(host: HTMLElement, className: string): string {
  const probe = document.createElement('span');
  probe.className = className;
  probe.hidden = true;
  host.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

export function CollectionsChart({ days, currency, locale }: { days: DashboardSummaryCollectionsByDayItem[]; currency: string; locale: string }) {
  const box = useRef<HTMLDivElement>(null);
  // The canvas takes resolved colours: a change of theme (dark mode, preset, primary colour on
  // <html>) redraws it.
  const [theme, setTheme] = useState(0);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme((n) => n + 1));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-preset', 'data-primary', 'data-surface'] });
    return () => watch.disconnect();
  }, []);

  useEffect(() => {
    const host = box.current;
    if (!host || days.length === 0) return;
    const bar = colourOf(host, 'text-primary');
    const ink = colourOf(host, 'text-muted-foreground');
    const grid = colourOf(host, 'text-border');
    const dayLabel = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit' });
    const compact = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', notation: 'compact', maximumFractionDigits: 1 });
    const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(240, host.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: true, drag: { x: false, y: false } },
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      // Half a day either side: the first and last bars are not cut in half at the edges.
      scales: { x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((s) => dayLabel.format(new Date(s * 1000))) },
        { ...axis, size: 64, values: (_u, ticks) => ticks.map((v) => compact.format(v)) },
      ],
      series: [
        {},
        {
          label: t('dashboard.collections.amount'),
          stroke: bar,
          fill: bar,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars!({ size: [0.7, 48] }),
        },
      ],
    };
    const data: uPlot.AlignedData = [days.map((d) => dayToX(d.date)), days.map((d) => Number(d.amount))];
    const plot = new uPlot(options, data, host);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(240, host.clientWidth), height: HEIGHT }));
    resize.observe(host);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, currency, locale, theme]);

  if (days.length === 0) return <p className="text-muted-foreground">{t('dashboard.collections.none')}</p>;
  const label = t('dashboard.collections.chart', {
    first: formatDate(days[0].date, locale),
    last: formatDate(days[days.length - 1].date, locale),
    count: days.length,
  });
  return (
    <div className="flex flex-col gap-2">
      <div role="img" aria-label={label} data-testid="collections-chart" className="min-h-[220px] w-full overflow-hidden" ref={box} />
      <table className="sr-only" data-testid="collections-table">
        <caption>{t('dashboard.collections.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.collections.date')}</th>
            <th scope="col">{t('dashboard.collections.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{formatDate(d.date, locale)}</td>
              <td>{formatMoney(d.amount, locale, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
