// Writes the admin metadata: everything the browser's generic entity screen needs to list, filter,
// sort and edit an entity without a hand-written screen.
import type { EntityModel, FieldModel, JsonSchema } from './model.ts';
import { operationsOf } from './contract.ts';

const STANDARD = ['id', 'createdAt', 'updatedAt', 'rowVersion'];

function formSchema(e: EntityModel): { schema: JsonSchema; uiSchema: JsonSchema } {
  const editable = e.fields.filter((f) => !STANDARD.includes(f.name) && !(f.readOnly && f.computed));
  const properties: JsonSchema = {};
  const uiSchema: JsonSchema = { 'ui:order': editable.map((f) => f.name) };
  for (const f of editable) {
    const { ['x-lookup']: _l, ['x-payload-name']: _p, ['x-enum-colors']: _c, ['x-label']: _x, ['x-secret']: _s, ['x-widget']: widget, ['x-computed']: _k, ...rest } = f.schema;
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

function column(f: FieldModel) {
  return {
    name: f.name,
    label: f.label,
    kind: f.kind,
    ...(f.format ? { format: f.format } : {}),
    ...(f.enum ? { enum: f.enum } : {}),
    ...(f.schema['x-enum-colors'] ? { enumColors: f.schema['x-enum-colors'] } : {}),
    ...(f.lookup ? { lookup: f.lookup } : {}),
  };
}

export function adminEntity(e: EntityModel) {
  const ops = operationsOf(e);
  return {
    name: e.name,
    plural: e.plural,
    route: `/${e.plural}`,
    label: e.label,
    menu: e.menu,
    claims: { read: `${e.claims}.Read`, create: `${e.claims}.Create`, update: `${e.claims}.Update`, delete: `${e.claims}.Delete` },
    display: e.display,
    search: e.search,
    sort: e.sort,
    columns: e.columns.map((n) => column(e.fields.find((f) => f.name === n)!)),
    fields: e.fields.filter((f) => !f.writeOnly).map(column),
    payloadNames: Object.fromEntries([['id', e.idPayloadName], ...e.fields.filter((f) => f.payloadName !== f.name).map((f) => [f.name, f.payloadName])]),
    operations: Object.fromEntries(ops.map((o) => [o.op, { operationId: o.id, method: o.method.toUpperCase(), path: o.path }])),
    form: formSchema(e),
    ...(e.description ? { description: e.description } : {}),
  };
}
