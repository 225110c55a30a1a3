// Reading the generated metadata: loading an entity's description, finding the entity a lookup
// refers to, and the translation keys derived from names (labels, enum values).
import { useQueries, useQuery } from '@tanstack/react-query';
import { adminRoutes, loadAdminEntity } from '../../generated/admin/index.ts';
import { t } from '@/lib/i18n.ts';
import type { AdminEntity, AdminField } from './types.ts';

export const metadataKey = (plural: string) => ['admin-metadata', plural] as const;

const loaded = new Map<string, AdminEntity>();

/** Loads an entity's metadata chunk (once). */
export async function loadMetadata(plural: string): Promise<AdminEntity> {
  const known = loaded.get(plural);
  if (known) return known;
  const entity = await loadAdminEntity[plural]();
  loaded.set(plural, entity);
  return entity;
}

/** An entity's metadata if it is already loaded. */
export const loadedMetadata = (plural: string | undefined): AdminEntity | undefined => (plural ? loaded.get(plural) : undefined);

const metadataQuery = (plural: string) => ({
  queryKey: metadataKey(plural),
  queryFn: () => loadMetadata(plural),
  enabled: plural in loadAdminEntity,
  staleTime: Infinity,
  gcTime: Infinity,
  // It is part of the bundle: never restored from the persisted cache (an older app's copy).
  meta: { persist: false },
});

/** The metadata of one entity (a lazily loaded chunk), cached for the session. */
export function useEntityMetadata(plural: string | undefined) {
  return useQuery({ ...metadataQuery(plural ?? ''), enabled: !!plural && plural in loadAdminEntity });
}

/** The metadata of several entities (e.g. those a record's references point to), cached as above. */
export function useEntitiesMetadata(plurals: string[]) {
  return useQueries({ queries: plurals.map(metadataQuery) });
}

/** The plurals of the entities an entity's columns refer to. */
const lookupTargets = (entity: AdminEntity): string[] =>
  [...new Set(entity.columns.flatMap((c): string[] => {
    const plural = routeOfEntity(c.lookup)?.plural;
    return plural ? [plural] : [];
  }))];

/** Loads (and re-renders with) the metadata of the entities the columns refer to. */
export function useLookupTargetsMetadata(entity: AdminEntity) {
  return useQueries({ queries: lookupTargets(entity).map(metadataQuery) });
}

/** Loads the metadata of the entities the columns refer to (before an export). */
export const loadLookupTargetsMetadata = (entity: AdminEntity): Promise<AdminEntity[]> => Promise.all(lookupTargets(entity).map(loadMetadata));

export const isKnownEntity = (plural: string): boolean => plural in loadAdminEntity;

/** The route entry (plural, claims) of an entity named by its schema name, e.g. `Language`. */
export function routeOfEntity(name: string | undefined) {
  if (!name) return undefined;
  return adminRoutes.find((r) => r.name === name);
}

/** `VictimOrder` → `victimOrder`: the entity part of enum keys. */
export const entityCamel = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);

/** The translated label of an enum value: `enum.<entityCamel>.<field>.<value>`. */
export const enumLabel = (entity: AdminEntity, field: string, value: unknown): string =>
  value === null || value === undefined ? '' : t(`enum.${entityCamel(entity.name)}.${field}.${String(value)}`);

/** A field of the row (fields first, then list columns). */
export function fieldOf(entity: AdminEntity, name: string): AdminField | undefined {
  return entity.fields.find((f) => f.name === name) ?? entity.columns.find((f) => f.name === name);
}

/** The translated label of a field, given its label key. */
export const labelOf = (field: Pick<AdminField, 'label'> | undefined, fallback = ''): string =>
  field ? t(field.label) : fallback;
