// The translation dialog (Ctrl+Shift+K). Its body is loaded on first use: most staff never open
// it, so the sign-in page does not carry it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

const TranslationEditor = lazy(() => import('./TranslationEditor.tsx').then((m) => ({ default: m.TranslationEditor })));

export const isTranslationShortcut = (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && (e.code === 'KeyK' || e.key.toLowerCase() === 'k');

export function TranslationDialog() {
  useLingui();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isTranslationShortcut(e)) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent size="xl" data-testid="translation-dialog">
        {open && (
          <Suspense fallback={<Skeleton className="h-64" />}>
            <TranslationEditor onDone={() => setOpen(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
