// Toasts: anything may notify; the shell's toaster shows them (top right), each hiding after its
// life (ms), or staying until closed when life is 0.
export type Severity = 'success' | 'info' | 'warn' | 'error';
export interface Notification {
  id: number;
  severity: Severity;
  summary: string;
  detail?: string;
  life: number;
}

type Listener = (n: Notification) => void;
const listeners = new Set<Listener>();
let next = 1;

export function notify(n: { severity: Severity; summary: string; detail?: string; life?: number }): void {
  const full: Notification = { id: next++, life: 3000, ...n };
  for (const l of listeners) l(full);
}

/** Subscribes to new notifications; returns the unsubscribe function. */
export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
