// The choices of a lookup: the referenced entity's rows (its `list` operation,
// `GET /api/v1/{plural}`, cached under that call's generated key), each shown by that entity's
// display field. Rows of people with a code (an entity with a `code` and a phone: accounts) also
// carry the code and the phone's last four digits, so that two namesakes are told apart.
import { useMemo } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { Answer } from '@/lib/envelope.ts';
import { phoneLast4 } from '../../common/phone.ts';
import { listQuery, pageQuery } from './api.ts';
import { fieldOf, routeOfEntity, useEntityMetadata } from './metadata.ts';
import type { AdminEntity, AdminField, EntityRow, PagedListRequest, PageResult } from './types.ts';
import { displayOf, formatValue } from './value-format.ts';

export interface LookupOption {
  value: number;
  label: string;
  /** The row's code, beside the label (people with a code: accounts). */
  code?: string;
  /** The last four digits of the row's phone, beside the label (people with a code: accounts). */
  phoneLast4?: string;
}

const NO_OPTIONS: LookupOption[] = [];

/** What a lookup field declares of its choices (`x-lookup-filter`, `x-lookup-label`). */
export type LookupSpec = Pick<AdminField, 'lookupFilter' | 'lookupLabel'>;

/** A filtered lookup reads the first page of the referenced entity's matching rows (the most a page holds), in its default sort. */
function filteredRequest(target: AdminEntity, filter: NonNullable<AdminField['lookupFilter']>): PagedListRequest {
  return {
    PageNumber: 1,
    PageSize: 500,
    FilterParam: filter.map((f) => ({ ...f, Operator: 'and' }) as PagedListRequest['FilterParam'][number]),
    SortingParams: target.sort.map((s) => (s.startsWith('-') ? { ColumnName: s.slice(1), SortOrder: -1 } : { ColumnName: s, SortOrder: 1 })),
  };
}

/** The declared fields of the row, as their cells show them, joined (`TR 34 001 · Sarıkız`). */
const labelOf = (target: AdminEntity, row: EntityRow, names: string[]) =>
  names.map((n) => fieldOf(target, n)).map((f) => (f ? formatValue(target, f, row) : '')).filter(Boolean).join(' · ') || displayOf(target, row);

/** The referenced entity (by schema name, e.g. `Language`), its rows as options; `spec` narrows and labels them. */
export function useLookupOptions(entityName: string | undefined, enabled = true, spec?: LookupSpec) {
  const route = routeOfEntity(entityName);
  const plural = route?.plural;
  const metadata = useEntityMetadata(plural);
  const target = metadata.data;
  const filter = spec?.lookupFilter;
  const all = useQuery({ ...listQuery(target), enabled: enabled && !filter });
  const page = useQuery<Answer<PageResult | null>, Error, PageResult>({
    ...(target && filter ? pageQuery(target, filteredRequest(target, filter)) : { queryKey: ['admin-list-waiting'], queryFn: skipToken }),
    enabled: enabled && !!filter,
  });
  const list = filter ? page : all;
  const rows = filter ? page.data?.data : all.data;
  const label = spec?.lookupLabel;
  const options = useMemo<LookupOption[]>(() => {
    if (!target || !rows) return NO_OPTIONS;
    const phone = target.fields.find((f) => f.format === 'phone')?.name;
    const code = target.display !== 'code' && target.fields.some((f) => f.name === 'code') ? 'code' : undefined;
    const people = phone && code;
    return rows
      .filter((row) => typeof row.id === 'number')
      .map((row) => ({
        value: row.id as number,
        label: label ? labelOf(target, row, label) : displayOf(target, row),
        ...(people && typeof row.code === 'string' && row.code ? { code: row.code } : {}),
        ...(people && phoneLast4(row[phone] as string | null) ? { phoneLast4: phoneLast4(row[phone] as string | null)! } : {}),
      }));
  }, [target, rows, label]);
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
