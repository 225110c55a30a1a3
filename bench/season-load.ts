// The customers' side of `npm run bench:season` part (d), in its own process (as `npm run bench`
// runs autocannon): 50 phones asking at once must not spend the server's event loop, which a real
// customer's phone never does. After a warm-up of four right lookups a connection (not measured),
// prints one JSON line: every measured answer's status and latency (ms), the seconds they took, the
// unexpected statuses and the requests sent in all.
// Usage: node bench/season-load.ts <api base> lookup|farm <requests> <connections> <orders>
import autocannon from 'autocannon';

const [base, kind, amount, connections, orders] = process.argv.slice(2);
const N = Number(amount);
const ORDERS = Number(orders);

let next = 0;
let unexpected = 0;
/** The tracking lookup of request `i`: each order in turn, one in five with a wrong phone (never five wrong in a row on one order: no lock-out). */
function lookupOf(i: number, warming: boolean) {
  const n = (i * 7919) % ORDERS + 1;
  const bad = !warming && (i + Math.floor(i / ORDERS)) % 5 === 4;
  return {
    bad,
    // Each order's customer asks from their own address (X-Forwarded-For, believed in this benchmark only).
    address: `10.9.${n >> 8}.${n & 255}`,
    body: JSON.stringify({ orderNo: `b2026-${String(n).padStart(5, '0')}`, phone: bad ? '0555 000 00 00' : `+90 532 ${String(n).padStart(7, '0')}` }),
  };
}

function requestsOf(warming: boolean): autocannon.Request[] {
  if (kind !== 'lookup') return [{ method: 'GET', onResponse: (status) => { if (!warming && status !== 200) unexpected++; } }];
  return [{
    method: 'POST',
    setupRequest: (req, context) => {
      const lookup = lookupOf(next++, warming);
      (context as { bad?: boolean }).bad = lookup.bad;
      return { ...req, headers: { 'content-type': 'application/json', 'x-forwarded-for': lookup.address }, body: lookup.body };
    },
    onResponse: (status, _body, context) => {
      if (!warming && status !== ((context as { bad?: boolean }).bad ? 404 : 200)) unexpected++;
    },
  }];
}

/**
 * `amount` requests at `connections` at a time: every answer's [status, ms] and the seconds from
 * the first request to the last answer (autocannon's own duration counts whole seconds).
 */
function run(amount: number, warming: boolean): Promise<{ answers: [number, number][]; seconds: number }> {
  const answers: [number, number][] = [];
  const started = performance.now();
  let last = started;
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: `${base}/${kind === 'lookup' ? 'Tracking/lookup' : 'Farm'}`, connections: Number(connections), amount, requests: requestsOf(warming) }, (err) => {
      if (err) reject(err);
      else resolve({ answers, seconds: (last - started) / 1000 });
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      answers.push([status, ms]);
      last = performance.now();
    });
  });
}

// A server in the season has been answering for hours: four right lookups a connection first (not
// measured) warm its code and its database connections (each prepares the lookup on first use).
const WARMING = Number(connections) * 4;
next = N;
await run(WARMING, true);
next = 0;
const measured = await run(N, false);
process.stdout.write(`${JSON.stringify({ ...measured, unexpected, sent: WARMING + N })}\n`);
