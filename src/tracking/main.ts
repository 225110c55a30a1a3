// The public tracking page (tracking.html): a customer looks up an order by its number and a
// phone number, or opens a text message's link (/takip/{token}), and follows it live. Its own
// entry, without a framework (no React, no query library): a few kilobytes load fast on a phone.
// Turkish at /takip, English at /track; its words come from the contract's catalogs (`tracking.*`,
// generated/locales/*.tracking.json).
import type { TrackingLookup, TrackingView } from '../../generated/api/model';
import tr from '../../generated/locales/tr-TR.tracking.json';
import en from '../../generated/locales/en-US.tracking.json';
import './tracking.css';

const english = /^\/track(\/|$)/.test(location.pathname);
const lang = english ? 'en-US' : 'tr-TR';
const base = english ? '/track' : '/takip';
const catalog: Record<string, string> = english ? en : tr;
const API = '/api/v1';

/** A message with its `{name}` placeholders filled. */
const t = (key: string, params: Record<string, string | number> = {}) =>
  (catalog[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

type Child = Node | string | null | undefined | false;
/** An element with attributes (`on…` functions become listeners) and children. */
function h(tag: string, attrs: Record<string, string | boolean | ((e: Event) => void) | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (typeof value === 'string') el.setAttribute(name, value);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

// ---- formatting ---------------------------------------------------------------------------------
const TZ = 'Europe/Istanbul';
const timeFormat = new Intl.DateTimeFormat(lang, { timeZone: TZ, hour: '2-digit', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(lang, { timeZone: TZ, weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

function money(amount: string, currency: TrackingView['currency']): string {
  const value = Number(amount);
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.code, minimumFractionDigits: currency.decimals, maximumFractionDigits: currency.decimals }).format(value);
  } catch {
    return `${new Intl.NumberFormat(lang, { minimumFractionDigits: currency.decimals, maximumFractionDigits: currency.decimals }).format(value)} ${currency.symbol}`;
  }
}

/** A step's name in the page's language: the catalog's by its code in English, else what staff wrote. */
function stepName(step: NonNullable<NonNullable<TrackingView['queue']>['step']>): string {
  const translated = step.code ? catalog[`ref.victimAppointmentStep.name.${step.code}`] : undefined;
  return english && translated ? translated : step.name;
}

// ---- the page -----------------------------------------------------------------------------------
const app = document.getElementById('app')!;
document.documentElement.lang = lang;
document.title = t('tracking.title');

let company = '';
const kvkkText = h('p', {}, t('tracking.kvkk.text', { company: '…' }));
void fetch(`${API}/Farm`).then((r) => (r.ok ? r.json() : null)).then((body) => {
  company = body?.data?.name ?? '';
  kvkkText.textContent = t('tracking.kvkk.text', { company: company || '—' });
}).catch(() => {});

const tokenInPath = () => decodeURIComponent(location.pathname.slice(base.length + 1).split('/')[0] ?? '');

const otherLanguage = h('a', { href: english ? '/takip' : '/track', lang: english ? 'tr' : 'en', hreflang: english ? 'tr' : 'en' }, t('tracking.otherLanguage'));
const keepTokenInLanguageLink = () => {
  const token = tokenInPath();
  otherLanguage.setAttribute('href', `${english ? '/takip' : '/track'}${token ? `/${encodeURIComponent(token)}` : ''}`);
};

// The form.
const orderInput = h('input', { id: 'orderNo', name: 'orderNo', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', 'aria-describedby': 'orderNo-hint orderNo-error', maxlength: '40' }) as HTMLInputElement;
const phoneInput = h('input', { id: 'phone', name: 'phone', type: 'tel', inputmode: 'tel', autocomplete: 'tel', 'aria-describedby': 'phone-hint phone-error', maxlength: '40' }) as HTMLInputElement;
const orderError = h('p', { id: 'orderNo-error', class: 'field-error' });
const phoneError = h('p', { id: 'phone-error', class: 'field-error' });
const formAlert = h('p', { class: 'alert', role: 'alert' });
const submit = h('button', { type: 'submit' }, t('tracking.submit')) as HTMLButtonElement;
const form = h('form', { novalidate: true, onsubmit: (e) => { e.preventDefault(); void lookUp(); } },
  h('label', { for: 'orderNo' }, t('tracking.orderNo'), h('span', { class: 'hint', id: 'orderNo-hint' }, t('tracking.orderNo.hint'))),
  orderInput, orderError,
  h('label', { for: 'phone' }, t('tracking.phone'), h('span', { class: 'hint', id: 'phone-hint' }, t('tracking.phone.hint'))),
  phoneInput, phoneError,
  formAlert,
  submit,
);
const lookupSection = h('section', { class: 'card', 'aria-describedby': 'lookup-intro' }, h('p', { id: 'lookup-intro', class: 'note' }, t('tracking.intro')), form);

// The view.
const viewTitle = h('h2', { id: 'view-title', tabindex: '-1' }, t('tracking.order'));
const liveNote = h('p', { class: 'live', role: 'status' }, t('tracking.live'));
const orderBody = h('div');
const queueBody = h('div', { 'aria-live': 'polite', 'aria-atomic': 'true' });
const moneyBody = h('div');
const another = h('button', { type: 'button', class: 'secondary', onclick: () => showForm('', true) }, t('tracking.another'));
const viewSection = h('div', { hidden: true },
  h('section', { class: 'card', 'aria-labelledby': 'view-title' }, viewTitle, liveNote, orderBody),
  h('section', { class: 'card', 'aria-labelledby': 'queue-title' }, h('h2', { id: 'queue-title' }, t('tracking.queue')), queueBody),
  h('section', { class: 'card', 'aria-labelledby': 'money-title' }, h('h2', { id: 'money-title' }, t('tracking.payment')), moneyBody),
  another,
);

// While a link's view loads: a placeholder a screen high, so that nothing below it moves into view.
const loading = h('p', { class: 'loading', role: 'status' }, t('tracking.searching'));

app.append(
  h('header', {}, h('h1', {}, t('tracking.title')), otherLanguage),
  loading,
  lookupSection,
  viewSection,
  h('footer', { class: 'card', 'aria-labelledby': 'kvkk-title' }, h('h2', { id: 'kvkk-title' }, t('tracking.kvkk.title')), kvkkText),
);

const pair = (label: string, value: Child, cls?: string) => [h('dt', {}, label), h('dd', cls ? { class: cls } : {}, value)];

function render(view: TrackingView) {
  orderBody.replaceChildren(h('dl', {},
    ...pair(t('tracking.status'), t(`tracking.status.${view.status}`)),
    ...pair(t('tracking.animal'), view.animal),
    ...pair(t('tracking.shares'), String(view.shareCount)),
    ...pair(t('tracking.shareholders'), view.shareholders.join(', ') || '—'),
  ));

  const q = view.queue;
  if (!q) {
    queueBody.replaceChildren(h('p', { class: 'note' }, t('tracking.notQueued')));
  } else {
    queueBody.replaceChildren(
      h('dl', {},
        ...pair(t('tracking.queueDay'), dayFormat.format(new Date(`${q.day}T12:00:00Z`))),
        ...pair(t('tracking.queueNo'), String(q.slaughterNo), 'big'),
        ...pair(t('tracking.step'), q.step ? stepName(q.step) : t('tracking.step.none')),
        ...(q.ahead !== null ? pair(t('tracking.ahead'), String(q.ahead), 'big') : []),
        ...(q.estimatedAt ? pair(t('tracking.eta'), timeFormat.format(new Date(q.estimatedAt)), 'big') : []),
      ),
      ...(q.slaughtered ? [h('p', { class: 'note' }, t('tracking.slaughtered'))] : []),
    );
  }

  moneyBody.replaceChildren(
    h('dl', {},
      ...pair(t('tracking.total'), money(view.total, view.currency)),
      ...pair(t('tracking.paid'), money(view.paid, view.currency)),
      ...pair(t('tracking.balance'), money(view.balance, view.currency), 'big'),
    ),
    h('h3', {}, t('tracking.slots')),
    view.slots.length
      ? h('dl', {}, ...view.slots.flatMap((s) => pair(
        catalog[`tracking.slot.${s.type}`] ?? t('tracking.slot.other'),
        `${dateTimeFormat.format(new Date(s.startsAt))}–${timeFormat.format(new Date(s.endsAt))}`,
      )))
      : h('p', { class: 'note' }, t('tracking.slots.none')),
  );
}

// ---- talking to the server ------------------------------------------------------------------------
let events: EventSource | undefined;

function stopLive() {
  events?.close();
  events = undefined;
}

/** The view, live: a new `view` event whenever the queue moves. EventSource reconnects by itself. */
function goLive(token: string) {
  stopLive();
  const source = new EventSource(`${API}/Tracking/${encodeURIComponent(token)}/events`);
  events = source;
  source.addEventListener('view', (e) => render(JSON.parse((e as MessageEvent<string>).data) as TrackingView));
  source.addEventListener('open', () => { liveNote.textContent = t('tracking.live'); liveNote.classList.remove('off'); });
  source.addEventListener('error', () => {
    if (events !== source) return;
    liveNote.textContent = t('tracking.offline');
    liveNote.classList.add('off');
    // Refused for good (the link expired): ask the server what the link is now.
    if (source.readyState === EventSource.CLOSED) {
      setTimeout(() => { if (events === source) void open(token, false); }, 5000);
    }
  });
}

function showView(view: TrackingView, token: string, focus: boolean) {
  render(view);
  loading.hidden = true;
  lookupSection.hidden = true;
  viewSection.hidden = false;
  keepTokenInLanguageLink();
  if (focus) viewTitle.focus();
  goLive(token);
}

function showForm(message: string, push: boolean) {
  stopLive();
  if (push) history.pushState(null, '', base);
  keepTokenInLanguageLink();
  viewSection.hidden = true;
  loading.hidden = true;
  lookupSection.hidden = false;
  formAlert.textContent = message;
  if (push) orderInput.focus();
}

interface Failure { status: number; code?: string; params?: Record<string, number> }
async function request<T>(path: string, init?: RequestInit): Promise<{ data: T } | Failure> {
  try {
    const res = await fetch(`${API}${path}`, init);
    const body = await res.json().catch(() => null);
    if (res.ok && body?.success) return { data: body.data as T };
    return { status: res.status, code: body?.error?.code, params: body?.error?.params };
  } catch {
    return { status: 0 };
  }
}

function failureText(f: Failure): string {
  if (f.code === 'error.tracking.notFound') return t('tracking.notFound');
  if (f.code === 'error.tracking.linkExpired') return t('tracking.linkExpired');
  if (f.code === 'error.tracking.locked') return t('tracking.locked', { minutes: f.params?.minutes ?? 15 });
  if (f.status === 429) return t('tracking.tooMany', { seconds: f.params?.seconds ?? 60 });
  return t('tracking.failed');
}

/** Opens a link's token: its view, or the form saying why not. */
async function open(token: string, focus: boolean) {
  const answer = await request<TrackingView>(`/Tracking/${encodeURIComponent(token)}`);
  if ('data' in answer) showView(answer.data, token, focus);
  else showForm(failureText(answer), false);
}

function check(input: HTMLInputElement, error: HTMLElement, message: string): boolean {
  input.setAttribute('aria-invalid', message ? 'true' : 'false');
  error.textContent = message;
  return !message;
}

async function lookUp() {
  const orderNo = orderInput.value.trim();
  const phone = phoneInput.value.trim();
  formAlert.textContent = '';
  const okOrder = check(orderInput, orderError, orderNo ? '' : t('tracking.required'));
  const okPhone = check(phoneInput, phoneError, !phone ? t('tracking.required') : phone.replace(/\D/g, '').length < 10 ? t('tracking.phoneDigits') : '');
  if (!okOrder) { orderInput.focus(); return; }
  if (!okPhone) { phoneInput.focus(); return; }
  submit.disabled = true;
  submit.textContent = t('tracking.searching');
  const answer = await request<TrackingLookup>('/Tracking/lookup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderNo, phone }),
  });
  submit.disabled = false;
  submit.textContent = t('tracking.submit');
  if ('data' in answer) {
    history.pushState(null, '', `${base}/${encodeURIComponent(answer.data.token)}`);
    phoneInput.value = '';
    showView(answer.data.view, answer.data.token, true);
  } else {
    formAlert.textContent = failureText(answer);
  }
}

function route() {
  const token = tokenInPath();
  keepTokenInLanguageLink();
  if (token) {
    lookupSection.hidden = true;
    loading.hidden = false;
    void open(token, false);
  } else {
    showForm('', false);
  }
}
window.addEventListener('popstate', route);
route();
