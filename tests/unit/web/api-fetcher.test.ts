// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, apiFetch, logout, onRequestsInFlight, REQUEST_TIMEOUT_MS, requestsInFlight, RETRY_AFTER_CAP_MS, setNavigator } from '../../../src/lib/api-fetcher.ts';
import { describeFailure } from '../../../src/features/auth/session-api.ts';
import { activateLanguage, loadScreenMessages } from '../../../src/lib/i18n.ts';
import { onNotify, type Notification } from '../../../src/lib/notify.ts';
import { session, type SessionUser } from '../../../src/lib/session.ts';

const REFRESH = '/api/v1/Auth/refresh-token';
const user: SessionUser = {
  token: 'old',
  refreshToken: 'r1',
  claims: [],
  userInfo: { isGuest: false, userInfo: { guid: 'g', email: 'a@b.c' } },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, data, error: null });
const failure = (status: number, code: string, message: string, extra: object = {}) =>
  json(status, { success: false, data: null, error: { code, message, ...extra } });
const refreshed = (token: string, refreshToken: string) => ok({ data: { token, refreshToken } });
/** A 429 as the server answers it: Retry-After and the seconds in the error's params. */
const tooMany = (seconds: number, code = 'error.tooManyRequests', params: object = { seconds }) =>
  new Response(JSON.stringify({ success: false, data: null, error: { code, message: 'Çok fazla deneme', params } }), {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(seconds) },
  });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
function serve(handler: Handler) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
}
/** The ApiError a call rejects with (failing the test if it resolves). */
async function rejection(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
const calls = (url: string) => fetchMock.mock.calls.filter(([u]) => u === url);
const auth = (init: RequestInit) => new Headers(init.headers).get('Authorization');

let toasts: Notification[];
let navigate: Mock<(path: string) => void>;
let unsubscribe: () => void;

// Conflicts name entities: the screens' words are loaded wherever a record can be deleted.
beforeAll(() => activateLanguage('tr-TR').then(loadScreenMessages));
beforeEach(() => {
  localStorage.clear();
  session.login({ ...user });
  toasts = [];
  unsubscribe = onNotify((n) => toasts.push(n));
  navigate = vi.fn();
  setNavigator(navigate);
});
afterEach(() => {
  window.history.replaceState(null, '', '/');
  unsubscribe();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('requests', () => {
  it('prefixes /api/v1, sends JSON and the Bearer token, resolves with orval’s { data, status, headers }', async () => {
    serve(() => ok([{ id: 1 }]));
    const r = await apiFetch<{ data: { success: boolean; data: unknown }; status: number; headers: Headers }>('/Languages', {
      method: 'POST',
      body: JSON.stringify({ a: 1 }),
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ success: true, data: [{ id: 1 }], error: null });
    expect(r.headers.get('Content-Type')).toBe('application/json');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/Languages');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer old');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('keeps a url that already starts with /api/v1, and sends no Authorization without a token', async () => {
    session.logout();
    serve(() => ok(null));
    await apiFetch('/api/v1/Translates/languages/tr-TR');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/Translates/languages/tr-TR');
    expect(auth(init)).toBeNull();
  });
});

describe('a write that ran into another one (503 error.writeConflict)', () => {
  const conflict = () => failure(503, 'error.writeConflict', 'Bu işlem aynı anda yapılan başka bir işlemle çakıştı; hiçbir şey kaydedilmedi. Lütfen yeniden deneyin.');

  it('is sent again once, with the same Idempotency-Key, when it carries one', async () => {
    let n = 0;
    serve(() => (++n === 1 ? conflict() : ok({ id: 7 })));
    const r = await apiFetch<{ data: { data: unknown } }>('/VictimPayments', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k-1' } });
    expect(r.data.data).toEqual({ id: 7 });
    expect(fetchMock.mock.calls.map(([, init]) => new Headers(init.headers).get('Idempotency-Key'))).toEqual(['k-1', 'k-1']);
    expect(toasts).toEqual([]);
  });

  it('a read is sent again too; a write without a key is not (it is refused with the translated message)', async () => {
    let n = 0;
    serve(() => (++n === 1 ? conflict() : ok([])));
    await apiFetch('/Languages');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    serve(() => conflict());
    const error = await rejection(apiFetch('/AccountAddresses', { method: 'POST', body: '{}' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(503);
    expect(error.message).toContain('hiçbir şey kaydedilmedi');
  });

  it('twice in a row: the second refusal is shown, never a third sending', async () => {
    serve(() => conflict());
    const error = await rejection(apiFetch('/VictimPayments', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k-2' }, silent: true }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error.body?.code).toBe('error.writeConflict');
  });
});

describe('requests in flight (the loading bar)', () => {
  it('counts every request until it settles, failed ones and the refresh-and-retry included', async () => {
    const answers: ((r: Response) => void)[] = [];
    serve(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const seen: number[] = [];
    const stop = onRequestsInFlight(() => seen.push(requestsInFlight()));
    const a = apiFetch('/Languages');
    const b = rejection(apiFetch('/Products', { silent: true }));
    expect(requestsInFlight()).toBe(2);
    answers[1](json(404, { success: false, data: null, error: { code: 'NOT_FOUND', message: 'x' } }));
    await b;
    expect(requestsInFlight()).toBe(1);
    answers[0](json(401, {}));
    await vi.waitFor(() => expect(answers).toHaveLength(3)); // the refresh
    expect(requestsInFlight()).toBe(1);
    answers[2](refreshed('t2', 'r2'));
    await vi.waitFor(() => expect(answers).toHaveLength(4)); // the retry
    answers[3](ok([]));
    await a;
    expect(requestsInFlight()).toBe(0);
    stop();
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});

describe('token refresh', () => {
  it('three parallel 401s cause exactly one refresh; each request is retried once with the new token', async () => {
    serve((url, init) => {
      if (url === REFRESH) return refreshed('new', 'r2');
      return auth(init) === 'Bearer new' ? ok(url) : failure(401, 'error.unauthorized', 'Oturum');
    });
    const results = await Promise.all(['/A', '/B', '/C'].map((u) => apiFetch<{ data: { data: string } }>(u)));
    expect(results.map((r) => r.data.data)).toEqual(['/api/v1/A', '/api/v1/B', '/api/v1/C']);
    expect(calls(REFRESH)).toHaveLength(1);
    expect(JSON.parse(calls(REFRESH)[0][1].body as string)).toEqual({ refreshToken: 'r1' });
    expect(auth(calls(REFRESH)[0][1])).toBeNull();
    for (const u of ['/api/v1/A', '/api/v1/B', '/api/v1/C']) expect(calls(u).map(([, i]) => auth(i))).toEqual(['Bearer old', 'Bearer new']);
    expect(session.user).toMatchObject({ token: 'new', refreshToken: 'r2' });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ token: 'new', refreshToken: 'r2' });
    expect(toasts).toEqual([]);
  });

  it("the refresh answer's claims replace the session's (a removed claim leaves the menus)", async () => {
    session.login({ ...user, claims: ['Admin', 'Users.Read'] });
    serve((url, init) => {
      if (url === REFRESH) return ok({ data: { token: 'new', refreshToken: 'r2', claims: ['Users.Read'] } });
      return auth(init) === 'Bearer new' ? ok([]) : failure(401, 'error.unauthorized', 'Oturum sona erdi');
    });
    await apiFetch('/api/v1/Users', { method: 'GET' });
    expect(session.user?.claims).toEqual(['Users.Read']);
    expect(JSON.parse(localStorage.getItem('user')!).claims).toEqual(['Users.Read']);
    expect(session.hasClaim('Admin')).toBe(false);
  });

  it('a refresh answer without claims keeps the claims of the session', async () => {
    session.login({ ...user, claims: ['Users.Read'] });
    serve((url, init) => (url === REFRESH ? refreshed('new', 'r2') : auth(init) === 'Bearer new' ? ok([]) : failure(401, 'error.unauthorized', 'x')));
    await apiFetch('/api/v1/Users', { method: 'GET' });
    expect(session.user).toMatchObject({ token: 'new', claims: ['Users.Read'] });
  });

  it('a 401 arriving after another request renewed the token retries without a second refresh', async () => {
    let answerSlow!: (r: Response) => void;
    const slow = new Promise<Response>((resolve) => (answerSlow = resolve));
    serve((url, init) => {
      if (url === REFRESH) return refreshed('new', 'r2');
      if (auth(init) === 'Bearer new') return ok(url);
      return url === '/api/v1/Slow' ? slow : failure(401, 'x', 'y');
    });
    const late = apiFetch('/Slow');
    await apiFetch('/Fast');
    answerSlow(failure(401, 'x', 'y'));
    await late;
    expect(calls(REFRESH)).toHaveLength(1);
    expect(calls('/api/v1/Slow').map(([, i]) => auth(i))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('a second 401 after the refresh is thrown, not refreshed again', async () => {
    serve((url) => (url === REFRESH ? refreshed('new', 'r2') : failure(401, 'error.unauthorized', 'Oturum sona erdi')));
    const error = await rejection(apiFetch('/A'));
    expect(error.status).toBe(401);
    expect(calls('/api/v1/A')).toHaveLength(2);
    expect(calls(REFRESH)).toHaveLength(1);
    expect(session.user?.token).toBe('new');
    expect(toasts.map((t) => t.summary)).toEqual(['Oturumunuz sona erdi, lütfen yeniden giriş yapın.']);
  });

  it('a refresh refused with 400 logs out and goes to login (back to this page after it), with one toast for all requests', async () => {
    window.history.replaceState(null, '', '/VictimOrders/7?tab=payments#p2');
    serve((url) =>
      url === REFRESH
        ? failure(400, 'error.auth.invalidRefreshToken', 'Oturum yenilenemedi, lütfen yeniden giriş yapın.')
        : failure(401, 'error.unauthorized', 'Oturum'),
    );
    const errors = await Promise.all(['/A', '/B', '/C'].map((u) => rejection(apiFetch(u))));
    expect(errors.map((e) => e.status)).toEqual([401, 401, 401]);
    expect(calls(REFRESH)).toHaveLength(1);
    expect(calls('/api/v1/A')).toHaveLength(1);
    expect(session.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2FVictimOrders%2F7%3Ftab%3Dpayments%23p2');
    expect(toasts.map((t) => t.summary)).toEqual(['Oturum yenilenemedi, lütfen yeniden giriş yapın.']);
  });

  it('a refresh that answers with a business failure logs out too', async () => {
    serve((url) => (url === REFRESH ? failure(200, 'error.auth.invalidRefreshToken', 'x') : failure(401, 'e', 'm')));
    await expect(apiFetch('/A')).rejects.toBeInstanceOf(ApiError);
    expect(session.user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2F');
  });

  it('a 401 with no refresh token logs out without calling the refresh', async () => {
    session.logout();
    serve(() => failure(401, 'error.unauthorized', 'Oturum'));
    await expect(apiFetch('/A')).rejects.toBeInstanceOf(ApiError);
    expect(calls(REFRESH)).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/auth/login?returnUrl=%2F');
  });

  it('a session that ends on an auth page (the waiting page) goes to login without coming back to it', async () => {
    window.history.replaceState(null, '', '/auth/waiting');
    serve((url) => (url === REFRESH ? failure(400, 'error.auth.invalidRefreshToken', 'x') : failure(401, 'e', 'm')));
    await expect(apiFetch('/A')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('a refresh that cannot reach the server keeps the session', async () => {
    serve((url) => (url === REFRESH ? Promise.reject(new TypeError('Failed to fetch')) : failure(401, 'e', 'm')));
    const error = await rejection(apiFetch('/A'));
    expect(error.kind).toBe('network');
    expect(session.user?.token).toBe('old');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("does not refresh on Auth/login's 401: the body's message is shown", async () => {
    serve(() => failure(401, 'error.auth.invalidCredentials', 'E-posta veya şifre hatalı.'));
    const error = await rejection(apiFetch('/Auth/login', { method: 'POST', body: '{}' }));
    expect(error.status).toBe(401);
    expect(error.code).toBe('error.auth.invalidCredentials');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls(REFRESH)).toHaveLength(0);
    expect(session.user).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts.map((t) => t.summary)).toEqual(['E-posta veya şifre hatalı.']);
  });
});

describe('too many requests (429)', () => {
  it('a refresh answered 429 waits Retry-After and tries again instead of signing out', async () => {
    vi.useFakeTimers();
    let refreshes = 0;
    serve((url, init) => {
      if (url === REFRESH) return ++refreshes === 1 ? tooMany(7) : refreshed('new', 'r2');
      return auth(init) === 'Bearer new' ? ok(url) : failure(401, 'error.unauthorized', 'Oturum');
    });
    const result = apiFetch<{ data: { data: string } }>('/A');
    await vi.advanceTimersByTimeAsync(6_999);
    expect(calls(REFRESH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).data.data).toBe('/api/v1/A');
    expect(calls(REFRESH)).toHaveLength(2);
    expect(session.user).toMatchObject({ token: 'new', refreshToken: 'r2' });
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('a refresh still answered 429 after its retries keeps the session, and says how long to wait', async () => {
    vi.useFakeTimers();
    serve((url) => (url === REFRESH ? tooMany(30) : failure(401, 'error.unauthorized', 'Oturum')));
    const result = rejection(apiFetch('/A'));
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    expect([error.status, error.code]).toEqual([429, 'error.tooManyRequests']);
    expect(error.message).toBe('Çok fazla deneme yapıldı, lütfen 30 saniye sonra yeniden deneyin.');
    expect(calls(REFRESH)).toHaveLength(3);
    expect(calls('/api/v1/A')).toHaveLength(1);
    expect(session.user?.token).toBe('old');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts.map((t) => t.summary)).toEqual([error.message]);
  });

  it('waits at most the cap, whatever Retry-After says', async () => {
    vi.useFakeTimers();
    let refreshes = 0;
    serve((url, init) => {
      if (url === REFRESH) return ++refreshes === 1 ? tooMany(3600) : refreshed('new', 'r2');
      return auth(init) === 'Bearer new' ? ok([]) : failure(401, 'error.unauthorized', 'Oturum');
    });
    const result = apiFetch('/A');
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_CAP_MS);
    await result;
    expect(calls(REFRESH)).toHaveLength(2);
    expect(RETRY_AFTER_CAP_MS).toBe(60_000);
  });

  it('a sign-in answered 429 is not retried: its message names the wait, in either language', async () => {
    serve(() => tooMany(840, 'error.auth.tooManyFailures', { seconds: 840, minutes: 14 }));
    const signIn = () => rejection(apiFetch('/Auth/login', { method: 'POST', body: '{}', silent: true }));
    const error = await signIn();
    expect(error.status).toBe(429);
    expect(describeFailure(error, {})).toEqual({ message: 'Bu e-posta adresiyle çok fazla hatalı giriş denendi; 14 dakika sonra yeniden deneyin.', fields: {} });
    await activateLanguage('en-US');
    try {
      expect((await signIn()).message).toBe('Too many failed sign-ins with this email. Please try again in 14 minutes.');
      serve(() => tooMany(1));
      expect((await signIn()).message).toBe('Too many attempts. Please try again in 1 second.');
    } finally {
      await activateLanguage('tr-TR');
    }
    expect(calls(REFRESH)).toHaveLength(0);
    expect(session.user?.token).toBe('old');
  });
});

describe('signing out', () => {
  it('ends the session here first: neither the sign-out request nor any request after it carries the token', async () => {
    serve(() => ok(null));
    await logout();
    expect(session.user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/Auth/logout');
    expect(JSON.parse(init.body as string)).toEqual({ refreshToken: 'r1' });
    await apiFetch('/Languages');
    expect(fetchMock.mock.calls.map(([, i]) => auth(i))).toEqual([null, null]);
  });

  it('a server that cannot be reached does not stop the sign-out, and shows nothing', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    await logout();
    expect(session.user).toBeNull();
    expect(toasts).toEqual([]);
  });
});

describe('timeout', () => {
  // A server that never answers: the request ends only when its signal aborts.
  const hang: Handler = (_url, init) =>
    new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

  it('gives up after 24,000 ms with the translated timeout message', async () => {
    vi.useFakeTimers();
    serve(hang);
    const result = rejection(apiFetch('/Slow'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0][1].signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect([error.status, error.kind, error.message]).toEqual([0, 'timeout', 'Sunucu zamanında yanıt vermedi, lütfen yeniden deneyin.']);
    expect(toasts.map((t) => t.summary)).toEqual([error.message]);
  });

  it('takes a shorter timeout per call', async () => {
    vi.useFakeTimers();
    serve(hang);
    const result = rejection(apiFetch('/Slow', { timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(50);
    expect((await result).kind).toBe('timeout');
  });

  it("a caller's own abort is thrown without a toast", async () => {
    serve(hang);
    const controller = new AbortController();
    const result = rejection(apiFetch('/Slow', { signal: controller.signal }));
    controller.abort();
    expect((await result).kind).toBe('aborted');
    expect(toasts).toEqual([]);
  });
});

describe('error catalogue → toasts', () => {
  const failWith = async (response: () => Response | Promise<Response>, init?: Parameters<typeof apiFetch>[1]) => {
    serve(response);
    return rejection(apiFetch('/Languages', init));
  };
  const shown = () => toasts.map((t) => [t.severity, t.summary]);

  it('network error → ERR_NETWORK', async () => {
    const error = await failWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect([error.status, error.kind]).toEqual([0, 'network']);
    expect(shown()).toEqual([['error', 'Sunucuya ulaşılamıyor. İnternet bağlantınızı kontrol edin.']]);
  });

  it('500 → the body translated by its code, else the body’s message', async () => {
    await failWith(() => failure(500, 'error.internal', 'Beklenmeyen'));
    await failWith(() => failure(500, 'error.someUnknownCode', 'Sunucunun iletisi'));
    expect(shown()).toEqual([
      ['error', 'Beklenmeyen bir hata oluştu.'],
      ['error', 'Sunucunun iletisi'],
    ]);
  });

  it('404 → the translated not-found message', async () => {
    const error = await failWith(() => failure(404, 'whatever', 'Not here'));
    expect(error.status).toBe(404);
    expect(shown()).toEqual([['error', 'Kayıt bulunamadı.']]);
  });

  it('400 → the body’s message, translated by code; field errors stay on the error', async () => {
    const fields = [{ field: 'name', code: 'validation.required', message: '{label} zorunludur.' }];
    const error = await failWith(() => failure(400, 'error.validation', 'Girilen bilgilerde hata var.', { fields }));
    expect(error.fields).toEqual(fields);
    expect(error.fieldMessages(() => 'Ad')).toEqual({ name: 'Ad zorunludur.' });
    await failWith(() => failure(400, 'error.custom', 'Özel ileti'));
    expect(shown()).toEqual([
      ['error', 'Girilen bilgilerde hata var, lütfen işaretli alanları kontrol edin.'],
      ['error', 'Özel ileti'],
    ]);
  });

  it('409 carries the current row and translated parameters', async () => {
    const error = await failWith(() => failure(409, 'error.conflict.referenced', 'x', { params: { referencedBy: ['entity.products', 'entity.accounts'] } }));
    expect(error.message).toBe('Bu kayıt Ürünler, Cariler tarafından kullanıldığı için silinemez.');
    const stale = await failWith(() => failure(409, 'error.conflict.stale', 'x', { current: { id: 1, rowVersion: 3 } }));
    expect(stale.current).toEqual({ id: 1, rowVersion: 3 });
  });

  it('other errors without a body → "An error occurred" (en-US)', async () => {
    await activateLanguage('en-US');
    try {
      const error = await failWith(() => new Response('', { status: 403 }));
      expect(error.message).toBe('An error occurred');
    } finally {
      await activateLanguage('tr-TR');
    }
  });

  it('success:false on a 2xx, or a service failure, defaults to "Bağlantı hatası"', async () => {
    await failWith(() => json(200, { success: false, data: null, error: null }));
    await failWith(() => new Response('<html>proxy</html>', { status: 200 }));
    expect(shown()).toEqual([
      ['error', 'Bağlantı hatası'],
      ['error', 'Bağlantı hatası'],
    ]);
  });

  it('silent: no toast, the same error thrown for the caller to show', async () => {
    const error = await failWith(() => failure(400, 'error.validation', 'x'), { silent: true });
    expect(error.message).toBe('Girilen bilgilerde hata var, lütfen işaretli alanları kontrol edin.');
    expect(toasts).toEqual([]);
  });
});
