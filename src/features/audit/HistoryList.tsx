// The entries of one record's history, newest first: what happened (created, updated, deleted)
// and through which operation, who (by name) and when, and the changed fields before and after,
// labelled and formatted as the entity's own screen shows them, a reference by the name of the row
// it points to (the trail keeps the id: the rows' display names are read, one request per entity
// referred to). Older entries load on request.
import { useState } from 'react';
import { keepPreviousData, skipToken, useQueries, type UseQueryOptions } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { getGetAuditLogsForPagingQueryKey, useGetAuditLogsForPaging } from '../../../generated/api/audit-logs/audit-logs.ts';
import type { AuditLog, PagedListRequest } from '../../../generated/api/model/index.ts';
import { pageOf, pageQuery } from '@/admin/api.ts';
import { errorMessage } from '@/admin/errors.ts';
import { entityCamel, fieldOf, routeOfEntity, useEntitiesMetadata, useEntityMetadata } from '@/admin/metadata.ts';
import type { AdminEntity, PagedListRequest as EntityPageRequest, PageResult, RecordPanelProps } from '@/admin/types.ts';
import { displayOf, formatValue } from '@/admin/value-format.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { dataOf, type Answer } from '@/lib/envelope.ts';
import { formatDateTime } from '@/lib/format.ts';
import { hasTranslation, t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';

const PAGE = 20;
const MAX = 500; // the paged list's largest page
/** How the trail writes a secret's value (server/src/db/rules/audit.sql). */
const MASK = '***';
const TONE: Record<AuditLog['action'], BadgeVariant> = { create: 'success', update: 'info', delete: 'danger' };

type Values = Record<string, unknown>;
/** The name of the row a reference (field, id) points to, when known. */
type Names = (field: string, id: unknown) => string | undefined;

function request(plural: string, id: number, size: number): PagedListRequest {
  return {
    PageNumber: 1,
    PageSize: size,
    FilterParam: [
      { ColumnName: 'entity', FilterValue: plural, MatchMode: 'equals', Operator: 'and' },
      { ColumnName: 'recordId', FilterValue: id, MatchMode: 'equals', Operator: 'and' },
    ],
    SortingParams: [{ ColumnName: 'id', SortOrder: -1 }],
  };
}

/** A workflow operation's name; the generic ones (create…, update…, delete…) say no more than the action. */
function operationLabel(operation: string | null | undefined): string | undefined {
  const key = `audit.operation.${operation}`;
  return operation && hasTranslation(key) ? t(key) : undefined;
}

/** A field's label: as the entity's form shows it; a secret (not among the readable fields) by the same key rule. */
function labelOf(entity: AdminEntity | undefined, name: string): string {
  const field = entity && fieldOf(entity, name);
  if (field) return t(field.label);
  const key = entity ? `field.${entityCamel(entity.name)}.${name}` : '';
  return key && hasTranslation(key) ? t(key) : name;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/**
 * The display names of the rows the entries refer to: for each entity referred to (that the user
 * may read), one request for the rows of the ids the entries hold (`id in […]`, at most a page of
 * 500), each named by that entity's display field as its own list shows it. A row since deleted,
 * or one of an entity the user may not read, keeps its id.
 */
function useReferencedNames(entity: AdminEntity | undefined, entries: AuditLog[] | undefined): Names {
  const { hasClaim } = useSession();
  const targetOf = new Map<string, string>(); // field → plural of the entity it refers to
  const idsOf = new Map<string, Set<number>>(); // plural → the ids referred to
  for (const entry of entries ?? []) {
    for (const values of [entry.before, entry.after] as (Values | null | undefined)[]) {
      for (const [name, value] of Object.entries(values ?? {})) {
        const route = entity && routeOfEntity(fieldOf(entity, name)?.lookup);
        if (!route || !isId(value) || !hasClaim(route.claims.read)) continue;
        targetOf.set(name, route.plural);
        idsOf.set(route.plural, (idsOf.get(route.plural) ?? new Set()).add(value));
      }
    }
  }
  const plurals = [...idsOf.keys()].sort();
  const targets = useEntitiesMetadata(plurals);
  const answers = useQueries({
    // No `select` here: a new function (and Map) each render would make the combined result change
    // on every render; the names are read from the answers below.
    queries: plurals.map((plural, i): UseQueryOptions<Answer<PageResult | null>, Error, Answer<PageResult | null>, readonly unknown[]> => {
      const target = targets[i]?.data;
      const ids = [...(idsOf.get(plural) ?? [])].sort((a, b) => a - b).slice(0, MAX);
      if (!target) return { queryKey: ['audit-names-waiting', plural], queryFn: skipToken };
      const request: EntityPageRequest = {
        PageNumber: 1,
        PageSize: ids.length,
        FilterParam: [{ ColumnName: 'id', FilterValue: ids, MatchMode: 'in', Operator: 'and' }],
        SortingParams: [],
      };
      const page = pageQuery(target, request);
      return { queryKey: page.queryKey, queryFn: page.queryFn, staleTime: 60_000 };
    }),
  });
  const rows = new Map(plurals.map((plural, i) => [plural, answers[i]?.data ? pageOf(answers[i].data).data : []]));
  return (field, id) => {
    const plural = targetOf.get(field);
    const target = plural && targets[plurals.indexOf(plural)]?.data;
    const row = target && isId(id) ? rows.get(target.plural)?.find((r) => r.id === id) : undefined;
    return target && row ? displayOf(target, row) : undefined;
  };
}

function valueText(entity: AdminEntity | undefined, name: string, value: unknown, locale: string, names: Names): string {
  const field = entity && fieldOf(entity, name);
  if (value === MASK && !field) return t('audit.masked');
  if (value === null || value === undefined || value === '') return t('audit.blank');
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A reference is recorded by id: the row's name as it is now, its id while unknown.
  if (field.lookup) return names(name, value) ?? `#${String(value)}`;
  if (field.kind === 'json') return JSON.stringify(value);
  return formatValue(entity, field, { [name]: value }, locale);
}

/** The fields an entry names, in the order of the entity's form. */
function fieldsOf(entity: AdminEntity | undefined, entry: AuditLog): string[] {
  const names = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const order = entity?.fields.map((f) => f.name) ?? [];
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length);
  return names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function Changes({ entry, entity, locale, names: nameOf }: { entry: AuditLog; entity: AdminEntity | undefined; locale: string; names: Names }) {
  const names = fieldsOf(entity, entry);
  if (!names.length) return null;
  const before = (entry.before ?? {}) as Values;
  const after = (entry.after ?? {}) as Values;
  const update = entry.action === 'update';
  return (
    <Table className="text-xs" containerClassName="rounded-md border border-border">
      <TableHeader>
        <TableRow>
          <TableHead className="h-8">{t('audit.field')}</TableHead>
          {(update || entry.action === 'delete') && <TableHead className="h-8">{t('audit.before')}</TableHead>}
          {(update || entry.action === 'create') && <TableHead className="h-8">{t('audit.after')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {names.map((name) => (
          <TableRow key={name}>
            <TableCell className="py-1.5 font-medium">{labelOf(entity, name)}</TableCell>
            {(update || entry.action === 'delete') && <TableCell className="max-w-64 py-1.5 break-words">{valueText(entity, name, before[name], locale, nameOf)}</TableCell>}
            {(update || entry.action === 'create') && <TableCell className="max-w-64 py-1.5 break-words">{valueText(entity, name, after[name], locale, nameOf)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function HistoryList({ plural, id, version }: RecordPanelProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'tr-TR';
  const [size, setSize] = useState(PAGE);
  const body = request(plural, id, size);
  // Keyed by the record's version too (a key derived from the call's, src/lib/query-keys.ts): a
  // change of the record shows at once.
  const history = useGetAuditLogsForPaging(body, {
    query: { queryKey: [...getGetAuditLogsForPagingQueryKey(body), 'atVersion', version], select: dataOf, staleTime: 0, placeholderData: keepPreviousData },
  });
  const entity = useEntityMetadata(plural).data;
  const names = useReferencedNames(entity, history.data?.data);

  if (history.isError) return <p className="text-sm text-tag-danger-foreground">{errorMessage(history.error)}</p>;
  if (!history.data) return <Skeleton className="h-16" aria-label={t('app.loading')} />;
  const entries = history.data.data;
  if (!entries.length) return <p className="text-sm text-muted-foreground">{t('audit.empty')}</p>;
  return (
    <div className="flex flex-col gap-3" aria-busy={history.isFetching}>
      <ol className="flex flex-col gap-3">
        {entries.map((entry) => {
          const operation = operationLabel(entry.operation);
          return (
            <li key={entry.id} className="flex flex-col gap-1.5" data-testid="audit-entry">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <Badge variant={TONE[entry.action]}>{t(`enum.auditLog.action.${entry.action}`)}</Badge>
                {operation && <span className="font-medium">{operation}</span>}
                <span className="text-muted-foreground">
                  {entry.userName ?? t('audit.system')} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>
                </span>
              </div>
              <Changes entry={entry} entity={entity} locale={locale} names={names} />
            </li>
          );
        })}
      </ol>
      {history.data.totalCount > entries.length && size < MAX && (
        <Button variant="outline" size="sm" className="self-start" disabled={history.isFetching} onClick={() => setSize((s) => Math.min(s + PAGE, MAX))}>
          {t('audit.more')}
        </Button>
      )}
    </div>
  );
}
