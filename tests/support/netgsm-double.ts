// A local double of Netgsm's SMS REST v2 API: a real HTTP server on loopback speaking the same
// protocol, so that the server's provider code runs unchanged against it (setting
// `sms.netgsm.baseUrl` to `double.url`).
// - `POST /sms/rest/v2/send`: HTTP Basic (`userCode:password`), JSON
//   `{ msgheader, messages: [{ msg, no }], encoding }` → `{ code: "00", jobid, description }`;
//   wrong credentials → `{ code: "30" }` (HTTP 406, as Netgsm answers refusals).
// - `POST /sms/rest/v2/report`: `{ jobids: [...] }` → `{ code: "00", jobs: [{ jobid, number,
//   status, errorCode, deliveredDate }] }` (status 0 waiting, 1 delivered, others failed; 15 the
//   recipient on the blacklist), `{ code: "60" }` when none is known.
// It records every call, and can be switched to answer a Netgsm error code, an HTTP 500, to
// never answer (a timeout) or to be down (its port closed, then opened again on the same port).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface SentSms {
  jobid: string;
  header: string;
  phone: string;
  text: string;
  encoding: string | undefined;
  at: number;
}

export type DoubleMode =
  | { kind: 'ok' }
  /** Every send answers this Netgsm code (HTTP 406), e.g. "30" bad credentials. */
  | { kind: 'code'; code: string }
  /** Every call answers HTTP 500 with a non-JSON body. */
  | { kind: 'http500' }
  /** Calls are accepted and never answered (the client's timeout decides). */
  | { kind: 'hang' };

export interface NetgsmDouble {
  url: string;
  userCode: string;
  password: string;
  header: string;
  /** Every accepted send, in order. */
  sent: SentSms[];
  /** Every request received (sends and reports, refused ones too). */
  calls: { path: string; ok: boolean }[];
  /** Report status per jobid (default 1, delivered), set by a test. */
  reportStatus: Map<string, number>;
  setMode(mode: DoubleMode): void;
  /** Closes the port (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startNetgsmDouble(options: { userCode?: string; password?: string; header?: string } = {}): Promise<NetgsmDouble> {
  const userCode = options.userCode ?? '8501234567';
  const password = options.password ?? 'netgsm-pass-1';
  const header = options.header ?? 'CIFTLIK';
  const expectedAuth = `Basic ${Buffer.from(`${userCode}:${password}`).toString('base64')}`;
  let mode: DoubleMode = { kind: 'ok' };
  let jobs = 0;
  const sent: SentSms[] = [];
  const calls: NetgsmDouble['calls'] = [];
  const reportStatus = new Map<string, number>();
  const byJob = new Map<string, SentSms>();
  const sockets = new Set<Socket>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: IncomingMessage) => new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => { data += chunk; });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    const body = await readBody(req);
    if (mode.kind === 'hang') { calls.push({ path, ok: false }); return; }
    if (mode.kind === 'http500') { calls.push({ path, ok: false }); res.writeHead(500, { 'content-type': 'text/plain' }); res.end('Internal Server Error'); return; }
    if (req.method !== 'POST') { calls.push({ path, ok: false }); json(res, 405, { code: '70', description: 'method' }); return; }
    if (req.headers.authorization !== expectedAuth) { calls.push({ path, ok: false }); json(res, 406, { code: '30', description: 'Geçersiz kullanıcı adı, şifre veya kullanıcınızın API erişim izni yok.' }); return; }
    let parsed: any;
    try { parsed = JSON.parse(body); } catch { calls.push({ path, ok: false }); json(res, 406, { code: '70', description: 'Hatalı sorgulama.' }); return; }
    if (path === '/sms/rest/v2/send') {
      if (mode.kind === 'code') { calls.push({ path, ok: false }); json(res, 406, { code: mode.code, description: `error ${mode.code}` }); return; }
      const messages = Array.isArray(parsed?.messages) ? parsed.messages : [];
      if (!parsed?.msgheader || messages.length === 0 || messages.some((m: any) => typeof m?.msg !== 'string' || !/^\d{10}$/.test(String(m?.no)))) {
        calls.push({ path, ok: false });
        json(res, 406, { code: '70', description: 'Hatalı sorgulama.' });
        return;
      }
      if (parsed.msgheader !== header) { calls.push({ path, ok: false }); json(res, 406, { code: '40', description: 'Mesaj başlığınız sistemde tanımlı değil.' }); return; }
      const jobid = String(1_000_000 + ++jobs);
      for (const m of messages) {
        const sms = { jobid, header: parsed.msgheader, phone: String(m.no), text: m.msg, encoding: parsed.encoding, at: Date.now() };
        sent.push(sms);
        byJob.set(jobid, sms);
      }
      calls.push({ path, ok: true });
      json(res, 200, { code: '00', jobid, description: 'queued' });
      return;
    }
    if (path === '/sms/rest/v2/report') {
      calls.push({ path, ok: true });
      const ids: string[] = Array.isArray(parsed?.jobids) ? parsed.jobids.map(String) : [];
      const found = ids.filter((id) => byJob.has(id)).map((id) => {
        const status = reportStatus.get(id) ?? 1;
        return { jobid: id, number: `90${byJob.get(id)!.phone}`, status, operator: 30, msglen: 1, deliveredDate: status === 1 ? '05.06.2026 10:15:00' : '', errorCode: status > 1 ? 119 : 0, referansID: '' };
      });
      if (found.length === 0) json(res, 200, { code: '60', description: 'Kayıt bulunamadı.', jobs: null });
      else json(res, 200, { code: '00', description: 'success', jobs: found });
      return;
    }
    calls.push({ path, ok: false });
    json(res, 404, { code: '70', description: 'not found' });
  }

  const server: Server = createServer((req, res) => { handle(req, res).catch(() => res.destroy()); });
  server.on('connection', (socket) => { sockets.add(socket); socket.on('close', () => sockets.delete(socket)); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const closeServer = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const s of sockets) s.destroy();
  });

  return {
    url: `http://127.0.0.1:${port}`,
    userCode,
    password,
    header,
    sent,
    calls,
    reportStatus,
    setMode(next) { mode = next; },
    down: closeServer,
    up: () => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => { server.off('error', reject); resolve(); });
    }),
    close: () => (server.listening ? closeServer() : Promise.resolve()),
  };
}
