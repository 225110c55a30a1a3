// One Idempotency-Key per user action (server: db/idempotency.ts): the same key while the same
// body is sent again (a double click, a retry after a time-out or a lost answer), so the server
// writes once; a new key as soon as what is sent changes, which is a new action.
import { useRef } from 'react';
import type { ApiRequestInit } from './api-fetcher.ts';

/** A keeper of the last body sent and its key. */
export function submissionKeys(newKey: () => string = () => crypto.randomUUID()): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: newKey() };
    return last.key;
  };
}

/** `submissionKeys` for one form, for as long as it is shown. */
export function useSubmissionKey(): (body: unknown) => string {
  const keys = useRef<((body: unknown) => string) | null>(null);
  keys.current ??= submissionKeys();
  return keys.current;
}

/**
 * The mutation options of a generated create hook whose requests carry this form's key
 * (`useCreateX(keyedCreate(keyFor, createX))`): the hook's own request options are fixed when it
 * is made, the key is the body's. Silent, as the forms show their failures themselves.
 */
export function keyedCreate<Body, Result>(keyFor: (body: unknown) => string, create: (data: Body, options: ApiRequestInit) => Promise<Result>) {
  return { mutation: { mutationFn: ({ data }: { data: Body }) => create(data, { silent: true, headers: { 'Idempotency-Key': keyFor(data) } }) } };
}
