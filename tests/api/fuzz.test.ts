// Fuzzing (tests/support/fuzz.ts): every operation of the contract, with values made from its
// schemas and with mutations of them, through the real app. Any 5xx, a status the operation does
// not declare or an answer off its declared schema fails the test, listing every finding with the
// request that gave it. Bounded for `npm test` (the whole file well under 60 s on a slow 2-core
// machine); `npm run fuzz -- --minutes 10` runs the same engine longer. FUZZ_SEED replays a seed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app.ts';
import { MUTATIONS, formatReport, runFuzz } from '../support/fuzz.ts';

const BUDGET_MS = 25_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20260527);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  server?.database.pool.on('error', () => {});
  await server?.close();
});

it(`walks every operation with valid and mutated inputs and finds nothing (seed ${SEED})`, async () => {
  const report = await runFuzz({ app: server.app, adminToken: server.adminToken, seed: SEED, budgetMs: BUDGET_MS });
  const text = formatReport(report);
  console.log(text);
  // Every operation answered its valid sample, and every mutation class was sent.
  expect(report.uncovered, text).toEqual([]);
  for (const m of MUTATIONS) expect(report.byMutation[m] ?? 0, `mutation ${m} never sent\n${text}`).toBeGreaterThan(0);
  expect(report.findings.map((f) => `${f.operation} [${f.mutation}] ${f.method} ${f.url} → ${f.status}: ${f.reason}`), text).toEqual([]);
}, BUDGET_MS + 20_000);
