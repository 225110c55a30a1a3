// Contract fuzzing, long run (not part of npm test): the engine of tests/api/fuzz.test.ts
// (tests/support/fuzz.ts) against a fresh server on a fresh database, for as long as asked.
// Prints the operations covered, the requests sent and every finding (a 5xx, a status the
// operation does not declare, an answer off its schema), each with the request that gave it.
// Exit code 1 when anything was found. Same seed, same requests: `--seed` replays a run, and
// `--only` narrows it to the operations whose id matches a regular expression. `--workers N`
// adds fuzzers sending at the same time in the random phase (races, deadlocks); a run with more
// than one is not replayed request for request.
// Usage: npm run fuzz -- --minutes 10 [--seed N] [--only createVictimOrder] [--workers 4]
import { parseArgs } from 'node:util';
import { startTestServer } from '../tests/support/app.ts';
import { formatReport, runFuzz } from '../tests/support/fuzz.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string' },
    only: { type: 'string' },
    workers: { type: 'string', default: '1' },
  },
});
const minutes = Number(args.minutes);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
const seed = args.seed !== undefined ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');

console.log(`fuzzing for ${minutes} min, seed ${seed} (replay: npm run fuzz -- --minutes ${minutes} --seed ${seed})`);
const server = await startTestServer();
// A finding is printed as it is made, so a long run shows them at once.
const report = await runFuzz({
  app: server.app,
  adminToken: server.adminToken,
  seed,
  budgetMs: minutes * 60_000,
  only: args.only ? new RegExp(args.only) : undefined,
  workers: Number(args.workers),
  log: (line) => console.log(line),
});
server.database.pool.on('error', () => {});
await server.close();
console.log(formatReport(report));
console.log(`${(report.requests / (report.ms / 1000)).toFixed(0)} requests/s`);
process.exitCode = report.findings.length ? 1 : 0;
