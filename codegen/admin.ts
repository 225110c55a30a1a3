// Writes the admin metadata: everything the browser's generic entity screen needs to list, filter,
// sort and edit an entity without a hand-written screen.
import { FIELD_KINDS } from '../common/fields.ts';
import { type EntityModel, type FieldModel, type JsonSchema, translatedLookup } from './model.ts';
import { operationsOf } from './contract.ts';

const STANDARD = ['id', 'createdAt', 'updatedAt', 'rowVersion'];

function formSchema(e: EntityModel): { schema: JsonSchema; uiSchema: JsonSchema } {
  const editable = e.fields.filter((f) => !STANDARD.includes(f.name) && !(f.readOnly && f.computed));
  const properties: JsonSchema = {};
  const uiSchema: JsonSchema = { 'ui:order': editable.map((f) => f.name) };
  for (const f of editable) {
    const { ['x-lookup']: _l, ['x-payload-name']: _p, ['x-enum-colors']: _c, ['x-label']: _x, ['x-secret']: _s, ['x-widget']: widget, ['x-computed']: _k, ['x-lookup-filter']: _f, ['x-lookup-label']: _b, ...rest } = f.schema;
    properties[f.name] = { ...rest, title: f.label };
    const ui: JsonSchema = {};
    if (f.readOnly) ui['ui:readonly'] = true;
    if (f.lookup) ui['ui:widget'] = 'lookup';
    else if (f.secret) ui['ui:widget'] = 'password';
    else if (widget) ui['ui:widget'] = widget;
    if (Object.keys(ui).length) uiSchema[f.name] = ui;
  }
  return {
    schema: { type: 'object', required: editable.filter((f) => f.required).map((f) => f.name), properties },
    uiSchema,
  };
}

function column(f: FieldModel, byName: Map<string, EntityModel>) {
  const translated = translatedLookup(f, byName);
  return {
    name: f.name,
    label: f.label,
    kind: f.kind,
    ...(f.format ? { format: f.format } : {}),
    ...(f.enum ? { enum: f.enum } : {}),
    ...(f.schema['x-enum-colors'] ? { enumColors: f.schema['x-enum-colors'] } : {}),
    ...(f.lookup ? { lookup: f.lookup } : {}),
    ...(translated ? { lookupTranslated: translated } : {}),
    ...(f.lookupFilter ? { lookupFilter: f.lookupFilter } : {}),
    ...(f.lookupLabel ? { lookupLabel: f.lookupLabel } : {}),
  };
}

export function adminEntity(e: EntityModel, byName: Map<string, EntityModel>) {
  const ops = operationsOf(e);
  return {
    name: e.name,
    plural: e.plural,
    route: `/${e.plural}`,
    label: e.label,
    menu: e.menu,
    claims: { read: `${e.claims}.Read`, create: `${e.claims}.Create`, update: `${e.claims}.Update`, delete: `${e.claims}.Delete` },
    display: e.display,
    ...(e.translate ? { translate: e.translate } : {}),
    search: e.search,
    sort: e.sort,
    columns: e.columns.map((n) => column(e.fields.find((f) => f.name === n)!, byName)),
    fields: e.fields.filter((f) => !f.writeOnly).map((f) => column(f, byName)),
    payloadNames: Object.fromEntries([['id', e.idPayloadName], ...e.fields.filter((f) => f.payloadName !== f.name).map((f) => [f.name, f.payloadName])]),
    operations: Object.fromEntries(ops.map((o) => [o.op, { operationId: o.id, method: o.method.toUpperCase(), path: o.path }])),
    ...(e.idempotent ? { idempotent: true } : {}),
    form: formSchema(e),
    ...(e.description ? { description: e.description } : {}),
  };
}

const ADMIN_TYPES = `
export type FieldKind = ${FIELD_KINDS.map((k) => `'${k}'`).join(' | ')};
export type TagColor = 'success' | 'info' | 'warn' | 'danger' | 'secondary' | 'contrast';
export type OperationKind = 'list' | 'page' | 'get' | 'create' | 'update' | 'delete';

/** A column of a list, or a field of a row. */
export interface AdminField {
  name: string;
  /** Translation key of the label. */
  label: string;
  kind: FieldKind;
  format?: string;
  enum?: (string | number | null)[];
  enumColors?: Record<string, TagColor>;
  /** The entity this field refers to (its id); show that entity's display field. */
  lookup?: string;
  /** That display field when the referenced entity translates it (the row's \`lookupKeys\` carry the key). */
  lookupTranslated?: string;
  /** The referenced rows a lookup offers: filters of that entity's page request (\`x-lookup-filter\`). */
  lookupFilter?: { ColumnName: string; MatchMode: string; FilterValue: unknown }[];
  /** The referenced row's fields an option shows, joined (\`x-lookup-label\`). */
  lookupLabel?: string[];
}

/** Everything the generic entity screen needs to list, filter, sort and edit one entity. */
export interface AdminEntity {
  name: string;
  plural: string;
  route: string;
  label: string;
  menu: string;
  claims: { read: string; create: string; update: string; delete: string };
  display: string;
  /** Text fields shown through a translation found by the row's \`key\` property (\`ref.*\` messages). */
  translate?: { key: string; fields: string[] };
  search: string[];
  sort: string[];
  columns: AdminField[];
  fields: AdminField[];
  /** Names of properties in create and update bodies, where they differ from the row's. */
  payloadNames: Record<string, string>;
  operations: Partial<Record<OperationKind, { operationId: string; method: string; path: string }>>;
  /** Its create takes an \`Idempotency-Key\`: the dialog sends one per submission, so a retry creates once. */
  idempotent?: true;
  /** The react-jsonschema-form schema and uiSchema of the edit dialog. */
  form: { schema: Record<string, unknown>; uiSchema: Record<string, unknown> };
  description?: string;
}
`;

/**
 * generated/admin/routes.ts: the routes, menu groups and claims of every entity (the router and
 * the menu need them at once), in a module of its own so the sign-in page does not carry the
 * loaders of the screens.
 */
export function adminRoutesModule(admin: ReturnType<typeof adminEntity>[]): string {
  const routes = admin.map(({ name, plural, route, label, menu, claims }) => ({ name, plural, route, label, menu, claims }));
  return [
    '// Generated by `npm run gen` from openapi/. Do not edit: change the contract and regenerate.',
    '',
    `export const adminRoutes = ${JSON.stringify(routes, null, 2)} as const;`,
    '',
  ].join('\n');
}

/**
 * generated/admin/index.ts: the metadata's types, the routes, and each entity's full metadata
 * behind a dynamic import (a screen loads only its own).
 */
export function adminIndex(admin: ReturnType<typeof adminEntity>[]): string {
  const loaders = admin.map((e) => `  ${JSON.stringify(e.plural)}: () => import('./${e.plural}.json').then((m) => m.default as unknown as AdminEntity),`);
  return [
    '// Generated by `npm run gen` from openapi/. Do not edit: change the contract and regenerate.',
    ADMIN_TYPES,
    "export { adminRoutes } from './routes.ts';",
    '',
    'export const loadAdminEntity: Record<string, () => Promise<AdminEntity>> = {',
    ...loaders,
    '};',
    '',
  ].join('\n');
}
