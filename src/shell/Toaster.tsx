// The toaster (top right): shows what anything sent through notify(), each toast hiding after
// its life (0: stays until closed) with a 0.4 s transition; hovering pauses the timer.
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { CircleAlert, CircleCheck, CircleX, Info, X } from 'lucide-react';
import { t } from '@/lib/i18n.ts';
import { onNotify, type Notification, type Severity } from '@/lib/notify.ts';
import { cn } from '@/lib/utils.ts';

/** The hide transition, within the specification's 0.3–0.45 s. */
export const TOAST_HIDE_MS = 400;

const SEVERITY: Record<Severity, { icon: typeof Info; className: string }> = {
  success: { icon: CircleCheck, className: 'bg-tag-success text-tag-success-foreground' },
  info: { icon: Info, className: 'bg-tag-info text-tag-info-foreground' },
  warn: { icon: CircleAlert, className: 'bg-tag-warn text-tag-warn-foreground' },
  error: { icon: CircleX, className: 'bg-tag-danger text-tag-danger-foreground' },
};

interface Shown extends Notification {
  leaving?: boolean;
}

function Toast({ toast, onClose, onRemove }: { toast: Shown; onClose: () => void; onRemove: () => void }) {
  const { icon: Icon, className } = SEVERITY[toast.severity] ?? SEVERITY.info;
  const remaining = useRef(toast.life);
  const started = useRef(Date.now());
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (toast.leaving || paused || toast.life <= 0) return;
    started.current = Date.now();
    const timer = setTimeout(onClose, Math.max(remaining.current, 0));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started.current;
    };
  }, [toast.leaving, toast.life, paused, onClose]);

  useEffect(() => {
    if (!toast.leaving) return;
    const timer = setTimeout(onRemove, TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast.leaving, onRemove]);

  return (
    <div
      role={toast.severity === 'error' || toast.severity === 'warn' ? 'alert' : 'status'}
      data-slot="toast"
      data-severity={toast.severity}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      className={cn(
        'pointer-events-auto overflow-hidden rounded-lg border border-current/15 bg-card shadow-lg',
        toast.leaving ? 'animate-toast-out' : 'animate-toast-in',
      )}
    >
      <div className={cn('flex items-start gap-3 p-3.5 backdrop-blur', className)}>
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 flex-1">
          <div className="font-semibold leading-snug">{toast.summary}</div>
          {toast.detail && <div className="mt-1 break-words text-sm opacity-90">{toast.detail}</div>}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('action.close')}
          className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-full outline-none transition-colors duration-200 hover:bg-black/5 focus-visible:ring-2 focus-visible:ring-current dark:hover:bg-white/10"
        >
          <X className="size-4" />
        </button>
      </div>
    </div>
  );
}

export function Toaster() {
  useLingui();
  const [toasts, setToasts] = useState<Shown[]>([]);
  useEffect(() => onNotify((n) => setToasts((list) => [...list, n])), []);
  const close = useRef((id: number) => setToasts((list) => list.map((x) => (x.id === id ? { ...x, leaving: true } : x)))).current;
  const remove = useRef((id: number) => setToasts((list) => list.filter((x) => x.id !== id))).current;
  const handlers = useRef(new Map<number, { close: () => void; remove: () => void }>()).current;
  const handlersOf = (id: number) => {
    let h = handlers.get(id);
    if (!h) {
      h = { close: () => close(id), remove: () => { handlers.delete(id); remove(id); } };
      handlers.set(id, h);
    }
    return h;
  };
  return (
    <section
      aria-label={t('shell.notifications')}
      data-slot="toaster"
      className="pointer-events-none fixed right-4 top-4 z-(--z-toast) flex w-[min(25rem,calc(100vw-2rem))] flex-col gap-2"
    >
      {toasts.map((toast) => {
        const h = handlersOf(toast.id);
        return <Toast key={toast.id} toast={toast} onClose={h.close} onRemove={h.remove} />;
      })}
    </section>
  );
}
