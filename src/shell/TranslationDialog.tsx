// The translation dialog (Ctrl+Shift+K). The dialog and its editor are loaded on first use: most
// staff never open it, so the sign-in page does not carry them.
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadScreenMessages } from '@/lib/i18n.ts';

const TranslationEditorDialog = lazy(() =>
  Promise.all([import('./TranslationEditor.tsx'), loadScreenMessages()]).then(([m]) => ({ default: m.TranslationEditorDialog })),
);

export const isTranslationShortcut = (e: KeyboardEvent): boolean =>
  (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && (e.code === 'KeyK' || e.key.toLowerCase() === 'k');

export function TranslationDialog() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isTranslationShortcut(e)) return;
      e.preventDefault();
      setUsed(true);
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!used) return null;
  return (
    <Suspense>
      <TranslationEditorDialog open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
