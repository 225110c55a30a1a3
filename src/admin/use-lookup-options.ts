// The choices of a lookup: the referenced entity's rows (its `list` operation,
// `GET /api/v1/{plural}`, cached under that call's generated key), each shown by that entity's
// display field.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { listQuery } from './api.ts';
import { routeOfEntity, useEntityMetadata } from './metadata.ts';
import { displayOf } from './value-format.ts';

export interface LookupOption {
  value: number;
  label: string;
}

const NO_OPTIONS: LookupOption[] = [];

/** The referenced entity (by schema name, e.g. `Language`), its rows as options. */
export function useLookupOptions(entityName: string | undefined, enabled = true) {
  const route = routeOfEntity(entityName);
  const plural = route?.plural;
  const metadata = useEntityMetadata(plural);
  const target = metadata.data;
  const list = useQuery({ ...listQuery(target), enabled });
  const options = useMemo<LookupOption[]>(() => {
    if (!target || !list.data) return NO_OPTIONS;
    return list.data
      .filter((row) => typeof row.id === 'number')
      .map((row) => ({ value: row.id as number, label: displayOf(target, row) }));
  }, [target, list.data]);
  return {
    options,
    isLoading: metadata.isLoading || list.isLoading,
    error: metadata.error ?? list.error,
    refetch: list.refetch,
  };
}

/** Case- and accent-insensitive text for Turkish type-ahead ("ozel" finds "Özel", "i" finds "I"). */
export const foldText = (s: string): string =>
  s.toLocaleLowerCase('tr').normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
