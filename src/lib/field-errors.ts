// The field messages of a hand-written form. The server's stay until their field is edited; the
// form's own checks run on every render once a save was tried, so a message goes as soon as its
// field is valid (and comes back if it is emptied again), never lingering after the fix.
import { useState } from 'react';

export function useFieldErrors(check: () => Record<string, string>) {
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  return {
    errors: { ...serverErrors, ...(tried ? check() : {}) } as Record<string, string>,
    /** A save: the server's old messages go and the form's checks start; answers what they find now. */
    trySave() {
      setServerErrors({});
      setTried(true);
      return check();
    },
    /** The server's field messages of a refused save. */
    serverSaid: setServerErrors,
    /** A field edited: the server's messages about it (and about its parts, `accounts.0.amount`) go. */
    edited(field: string) {
      setServerErrors((old) => {
        const gone = (k: string) => k === field || k.startsWith(`${field}.`) || k.startsWith(`${field}[`);
        return Object.keys(old).some(gone) ? Object.fromEntries(Object.entries(old).filter(([k]) => !gone(k))) : old;
      });
    },
  };
}
