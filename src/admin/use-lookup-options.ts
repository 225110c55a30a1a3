// The choices of a lookup: the referenced entity's rows (its `list` operation,
// `GET /api/v1/{plural}`, cached under that call's generated key), each shown by that entity's
// display field. Rows of people with a code (an entity with a `code` and a phone: accounts) also
// carry the code and the phone's last four digits, so that two namesakes are told apart.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { phoneLast4 } from '../../common/phone.ts';
import { listQuery } from './api.ts';
import { routeOfEntity, useEntityMetadata } from './metadata.ts';
import { displayOf } from './value-format.ts';

export interface LookupOption {
  value: number;
  label: string;
  /** The row's code, beside the label (people with a code: accounts). */
  code?: string;
  /** The last four digits of the row's phone, beside the label (people with a code: accounts). */
  phoneLast4?: string;
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
    const phone = target.fields.find((f) => f.format === 'phone')?.name;
    const code = target.display !== 'code' && target.fields.some((f) => f.name === 'code') ? 'code' : undefined;
    const people = phone && code;
    return list.data
      .filter((row) => typeof row.id === 'number')
      .map((row) => ({
        value: row.id as number,
        label: displayOf(target, row),
        ...(people && typeof row.code === 'string' && row.code ? { code: row.code } : {}),
        ...(people && phoneLast4(row[phone] as string | null) ? { phoneLast4: phoneLast4(row[phone] as string | null)! } : {}),
      }));
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
