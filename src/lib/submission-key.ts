// One Idempotency-Key per user action (server: db/idempotency.ts): the same key while the same
// body is sent again (a double click, a retry after a time-out or a lost answer), so the server
// writes once; a new key as soon as what is sent changes, or once the action succeeded (the same
// body sent after that is a new action: a second booking of the slot a cancelled one had).
import { useRef } from 'react';
import type { ApiRequestInit } from './api-fetcher.ts';

/** The key of a body; `done()` after a success, so that the next sending is a new action. */
export interface SubmissionKeys {
  (body: unknown): string;
  done(): void;
}

/** A keeper of the last body sent and its key. */
export function submissionKeys(newKey: () => string = () => crypto.randomUUID()): SubmissionKeys {
  let last: { body: string; key: string } | null = null;
  const keyFor = (body: unknown) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newKey() };
    return last.key;
  };
  return Object.assign(keyFor, { done: () => void (last = null) });
}

/** `submissionKeys` for one form, for as long as it is shown. */
export function useSubmissionKey(): SubmissionKeys {
  const keys = useRef<SubmissionKeys | null>(null);
  keys.current ??= submissionKeys();
  return keys.current;
}

/**
 * The mutation options of a generated create hook whose requests carry this form's key
 * (`useCreateX(keyedCreate(keyFor, createX))`): the hook's own request options are fixed when it
 * is made, the key is the body's, and a success ends the action. Silent, as the forms show their
 * failures themselves.
 */
export function keyedCreate<Body, Result>(keyFor: SubmissionKeys, create: (data: Body, options: ApiRequestInit) => Promise<Result>) {
  return {
    mutation: {
      mutationFn: ({ data }: { data: Body }) => create(data, { silent: true, headers: { 'Idempotency-Key': keyFor(data) } }),
      onSuccess: () => keyFor.done(),
    },
  };
}
