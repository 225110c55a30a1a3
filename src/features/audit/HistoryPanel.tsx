// "Geçmiş": the change history of one record (AuditLogs), as a section that opens on demand. Shut,
// it costs one button: the list (its own chunk) loads and fetches on first opening, warmed when
// the pointer or focus reaches the button. Shown only to users holding AuditLogs.Read.
import { lazy, Suspense, useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { ChevronDown, History } from 'lucide-react';
import type { RecordPanelProps } from '@/admin/types.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';

const loadList = () => import('./HistoryList.tsx');
const HistoryList = lazy(() => loadList().then((m) => ({ default: m.HistoryList })));
const warm = () => void loadList().catch(() => undefined);

const AUDIT_READ = 'AuditLogs.Read';

export function HistoryPanel(props: RecordPanelProps) {
  useLingui(); // re-render on a language switch
  const { hasClaim } = useSession();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!hasClaim(AUDIT_READ)) return null;
  return (
    <section aria-labelledby={`${id}-toggle`} className="rounded-lg border border-border bg-card text-card-foreground" data-testid="audit-panel">
      <button
        type="button"
        id={`${id}-toggle`}
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={warm}
        onFocus={warm}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-semibold hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <History className="size-4" aria-hidden />
        {t('audit.title')}
        <ChevronDown className={cn('ml-auto size-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id={`${id}-body`} className="border-t border-border px-3 py-3">
          <Suspense fallback={<Skeleton className="h-16" aria-label={t('app.loading')} />}>
            <HistoryList {...props} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
