// The contract's own words in every language: entity and field labels, enum values, menu groups,
// the server's error and validation messages. Every key the contract uses must be translated in
// every language file (openapi/messages/{code}.yaml); gen fails otherwise.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { referenceTextId } from '../common/reference-codes.ts';
import type { EntityModel } from './model.ts';

export const MENU_GROUPS = ['victim', 'appointment', 'account', 'product', 'transactions', 'authorization', 'language', 'attribute', 'payment', 'settings', 'logs'];

export const enumKey = (e: EntityModel, field: string, value: string | number) => `enum.${e.camel}.${field}.${value}`;

/** Every key the contract itself needs translated. */
export function contractKeys(entities: EntityModel[]): string[] {
  const keys = new Set<string>(MENU_GROUPS.map((g) => `menu.${g}`));
  for (const e of entities) {
    keys.add(e.label);
    for (const f of e.fields) {
      if (!f.writeOnly || f.secret) keys.add(f.label);
      for (const v of f.enum ?? []) if (v !== null) keys.add(enumKey(e, f.name, v));
    }
  }
  return [...keys].sort();
}

export function loadMessages(dir: string, entities: EntityModel[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const needed = contractKeys(entities);
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const code = file.replace(/\.yaml$/, '');
    const messages = parse(readFileSync(join(dir, file), 'utf8')) ?? {};
    for (const [k, v] of Object.entries(messages)) if (typeof v !== 'string' || !v.trim()) problems.push(`${file}: ${k} is empty`);
    const missing = needed.filter((k) => !(k in messages));
    if (missing.length) problems.push(`${file}: missing ${missing.length} keys: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ' …' : ''}`);
    out[code] = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b))) as Record<string, string>;
  }
  const codes = Object.keys(out);
  for (const a of codes) for (const b of codes) {
    const extra = Object.keys(out[a]).filter((k) => !(k in out[b]));
    if (extra.length) problems.push(`${b}.yaml lacks ${extra.length} keys that ${a}.yaml has: ${extra.slice(0, 10).join(', ')}`);
  }
  if (problems.length) throw new Error(`translations incomplete:\n  ${problems.join('\n  ')}`);
  return out;
}

const CLAIM_ACTIONS = ['Read', 'Create', 'Update', 'Delete'];

/**
 * Every claim's description in every language (`ref.operationClaim.description.<claim>`, seeded
 * and bundled like the rest): as written in the language file, else, for an entity's standard
 * claim, its action's template (`permissions.describe.<action>`) around the entity's label. A claim
 * of the contract left without one fails gen.
 */
export function withClaimDescriptions(messages: Record<string, Record<string, string>>, entities: EntityModel[], claims: string[]) {
  const problems: string[] = [];
  for (const [code, catalog] of Object.entries(messages)) {
    for (const claim of claims) {
      const id = referenceTextId('OperationClaim', 'description', claim);
      if (id in catalog) continue;
      const [prefix, action] = claim.split('.');
      const entity = entities.find((e) => e.claims === prefix);
      const template = catalog[`permissions.describe.${action}`];
      if (entity && CLAIM_ACTIONS.includes(action) && template) catalog[id] = template.replace('{entity}', catalog[entity.label]);
      else problems.push(`${code}.yaml: ${id} is missing`);
    }
    messages[code] = Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => a.localeCompare(b)));
  }
  if (problems.length) throw new Error(`translations incomplete:\n  ${problems.join('\n  ')}`);
}

/** What the pages outside the layout show (sign-in, register, waiting, access denied, error, not
 *  found) and what shows over any page (toasts, general errors, validation, appearance,
 *  language): the part of the browser's offline catalog the sign-in page loads. The rest (entity,
 *  field and enum labels, screens' own words) loads with the first page that needs it. */
export const CORE_MESSAGE_PREFIXES = ['action', 'app', 'auth', 'ERR_NETWORK', 'error', 'footer', 'layout', 'menu', 'message', 'page', 'shell', 'validation'];

/** The errors of the core: the general ones (`error.<name>`: HTTP statuses, network, timeout,
 *  validation), signing in, and a taken value (registering with a known email). The workflows'
 *  own (`error.order.*`, `error.payment.*`…) come from back-office screens, whose pages load the
 *  screens' part first (src/app/pages.tsx, router.tsx). */
export function isCoreError(key: string): boolean {
  const rest = key.split('.').slice(1);
  return rest.length === 1 || rest[0] === 'auth' || key === 'error.conflict.unique';
}

const isCore = (key: string) => {
  const prefix = key.split('.')[0];
  return prefix === 'error' ? isCoreError(key) : CORE_MESSAGE_PREFIXES.includes(prefix);
};

/** A language's catalog in the two parts the browser bundles. */
export function splitCatalog(catalog: Record<string, string>): { core: Record<string, string>; screens: Record<string, string> } {
  const core: Record<string, string> = {};
  const screens: Record<string, string> = {};
  for (const [key, message] of Object.entries(catalog)) (isCore(key) ? core : screens)[key] = message;
  return { core, screens };
}

/** What the public tracking page (tracking.html, src/tracking/) shows: its own words (`tracking.*`)
 *  and the steps' names by code, apart from the back office's catalog so that its bundle stays small. */
export function trackingCatalog(catalog: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalog).filter(([key]) => key.startsWith('tracking.') || key.startsWith('ref.victimAppointmentStep.name.')));
}
