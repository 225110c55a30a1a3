// The one place an API answer is unwrapped, a generated call's or the generic screen's. A
// generated function (orval, through `apiFetch`) resolves with `{ data: <the { success, data, error } envelope>, status, headers }`;
// `apiFetch` has already thrown for a non-2xx answer or `success: false`, so what is left is the
// success variant: `dataOf` answers its envelope's `data`, typed by the generated response type.
//
//   const board = dataOf(await getMonitorBoard({ date }));   // MonitorBoard
//   useGetPaymentStatus({ query: { select: dataOf } })        // PaymentStatus[]

/** The payload type of a generated response (union): the `data` of its 2xx envelope. */
export type EnvelopeData<R> = R extends { status: infer S; data: infer E }
  ? S extends 200 | 201 | 202 | 203 | 204
    ? E extends { data: infer D }
      ? D
      : never
    : never
  : never;

/** The envelope's `data` of a generated call's answer. */
export function dataOf<R extends { status: number; data: unknown }>(answer: R): EnvelopeData<R> {
  return (answer.data as { data: EnvelopeData<R> } | undefined)?.data as EnvelopeData<R>;
}

/** A successful answer of a call no generated function types: the generic screen's, whose paths
 *  come from the metadata (`dataOf(await apiFetch<Answer<PageResult>>(path, init))`). */
export interface Answer<T> {
  status: 200;
  data: { success: true; data: T; error: null };
  headers: Headers;
}
