// The entity metadata generated from the contract, typed, with the lookups the engine needs.
import entitiesJson from '../../../generated/server/entities.json' with { type: 'json' };
import type { FieldKind } from '../../../common/fields.ts';

export interface FieldMeta {
  name: string;
  column: string;
  /** The stored search copy the search and text filters compare (rules/search.sql): a text folded, a phone's digits; when the global search reads the field. */
  searchColumn?: string;
  kind: FieldKind;
  nullable: boolean;
  required: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  secret?: 'hash' | 'encrypt';
  computed: boolean;
  lookup?: string;
  enum?: (string | number)[];
  format?: string;
  payloadName: string;
  label: string;
  minimum?: string;
  exclusiveMinimum?: string;
  maximum?: string;
}

export interface EntityMeta {
  name: string;
  plural: string;
  table: string;
  claims: string;
  label: string;
  display: string;
  /** Text fields the screens show through a translation found by the row's `key` property. */
  translate?: { key: string; fields: string[] };
  search: string[];
  /**
   * The stored search document of an entity whose search follows references (its texts folded,
   * its phones' keys; kept by triggers: codegen/search-documents.ts), which the search reads.
   */
  searchDocument?: { texts: string; phones?: string };
  sort: string[];
  operations: Record<string, "list" | "page" | "get" | "create" | "update" | "delete">; // operationId → kind
  idPayloadName: string;
  fields: FieldMeta[];
  uniqueConstraints: Record<string, string[]>;
  referencedBy: { entity: string; label: string; field: string; constraint: string }[];
  foreignKeys: Record<string, { field: string; entity: string; label: string }>;
}

export const entities = entitiesJson as unknown as EntityMeta[];
export const entityByName = new Map(entities.map((e) => [e.name, e]));

/** A SQL identifier from metadata (never from a request): quoted for safety all the same. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Fields a client may read, filter and sort by: everything but secrets. */
export const readableFields = (e: EntityMeta) => e.fields.filter((f) => !f.writeOnly);

/** `SELECT` list of an entity's readable columns, aliased to their contract names. */
export function selectList(e: EntityMeta, alias = 't'): string {
  return readableFields(e).map((f) => `${alias}.${ident(f.column)} AS ${ident(f.name)}`).join(', ');
}
