// Between rows, forms and request bodies. The form edits the entity's form schema; a save sends the
// writable properties under their payload names (`metadata.payloadNames`, e.g. Translates: Id,
// LanguageId, Name, Code, Value; Languages: id, Name, Code, Flag), an update adding the id and the
// rowVersion it started from. The specification: an id above 0 means update, otherwise create.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { FormData } from './validation.ts';
import type { AdminEntity, EntityRow } from './types.ts';

type PropertySchema = RJSFSchema & Record<string, unknown>;

export const propertiesOf = (schema: RJSFSchema): Record<string, PropertySchema> =>
  (schema.properties ?? {}) as Record<string, PropertySchema>;

export const isNullable = (prop: PropertySchema): boolean =>
  (Array.isArray(prop.type) && prop.type.includes('null')) || (Array.isArray(prop.enum) && prop.enum.includes(null));

/** A secret (`writeOnly`): never answered, kept when left empty on an update. */
export const isSecret = (prop: PropertySchema): boolean => prop.writeOnly === true;

export const isUpdate = (id: unknown): id is number => typeof id === 'number' && id > 0;

/** The name of a property in create and update bodies. */
export const payloadName = (entity: AdminEntity, name: string): string => entity.payloadNames[name] ?? name;

/**
 * The form's schema for a create or an update: on an update a secret is not required (left empty,
 * it keeps its value).
 */
export function formSchemaFor(entity: AdminEntity, mode: 'create' | 'update'): RJSFSchema {
  const schema = entity.form.schema as RJSFSchema;
  if (mode === 'create') return schema;
  // One object per entity: the validator compiles (and caches) each schema object once.
  let update = updateSchemas.get(schema);
  if (!update) {
    const props = propertiesOf(schema);
    update = { ...schema, required: (schema.required ?? []).filter((name) => !(props[name] && isSecret(props[name]))) };
    updateSchemas.set(schema, update);
  }
  return update;
}
const updateSchemas = new WeakMap<RJSFSchema, RJSFSchema>();

/** The form's uiSchema: read-only properties (generated on save) are hidden while creating. */
export function formUiSchemaFor(entity: AdminEntity, mode: 'create' | 'update'): UiSchema<FormData> {
  const uiSchema = entity.form.uiSchema as UiSchema<FormData>;
  if (mode === 'update') return uiSchema;
  const props = propertiesOf(entity.form.schema as RJSFSchema);
  const hidden = Object.fromEntries(
    Object.entries(props)
      .filter(([, p]) => p.readOnly === true)
      .map(([name]) => [name, { ...((uiSchema[name] as object | undefined) ?? {}), 'ui:widget': 'hidden' }]),
  );
  return { ...uiSchema, ...hidden };
}

/** The form data of a row (or of a new row: empty, the schema's defaults fill it in). */
export function formDataOf(entity: AdminEntity, row: EntityRow | undefined): FormData {
  if (!row) return {};
  const data: FormData = {};
  for (const [name, prop] of Object.entries(propertiesOf(entity.form.schema as RJSFSchema))) {
    if (isSecret(prop)) continue;
    const value = row[name];
    if (value === undefined || (value === null && !isNullable(prop))) continue;
    data[name] = value;
  }
  return data;
}

/** The request body of a save: the writable properties under their payload names, the id, and on an update the rowVersion. */
export function toPayload(entity: AdminEntity, formData: FormData, id: number | undefined, rowVersion: number | undefined): Record<string, unknown> {
  // The id goes in both bodies (0 on a create), as the specification's payloads have it.
  const body: Record<string, unknown> = { [payloadName(entity, 'id')]: isUpdate(id) ? id : 0 };
  for (const [name, prop] of Object.entries(propertiesOf(entity.form.schema as RJSFSchema))) {
    if (prop.readOnly) continue;
    let value = formData[name];
    if (typeof value === 'string' && value.trim() === '') value = undefined;
    if (isSecret(prop) && (value === undefined || value === null)) continue;
    if (value === undefined || value === null) {
      // A cleared optional value is sent as null so an update clears it too.
      if (isNullable(prop)) body[payloadName(entity, name)] = null;
      continue;
    }
    body[payloadName(entity, name)] = value;
  }
  if (isUpdate(id) && rowVersion !== undefined) body.rowVersion = rowVersion;
  return body;
}
