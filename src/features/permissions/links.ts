// The many-to-many links of the authorization screens (UserClaims, GroupClaims, UserGroups) as the
// permission dialogs read and write them. A save is one request (`changeUserClaims` and the like):
// the delta from the links the dialog loaded to the ones chosen, applied by the server in one
// transaction, so a concurrent save by someone else is kept rather than overwritten.
import type { LinkChangeRequest, OperationClaim, PagedListRequest } from '../../../generated/api/model/index.ts';
import { adminRoutes } from '../../../generated/admin/routes.ts';

/** The largest page the API serves. */
export const PAGE_SIZE = 500;

/** Every row of a paged list filtered by one column equal to `value`, page after page. */
export async function allPagesWhere<R>(
  fetchPage: (request: PagedListRequest) => Promise<{ data: R[]; totalCount: number } | undefined>,
  column: string,
  value: number,
): Promise<R[]> {
  const rows: R[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage({
      PageNumber: page,
      PageSize: PAGE_SIZE,
      FilterParam: [{ ColumnName: column, FilterValue: value, MatchMode: 'equals', Operator: 'and' }],
      SortingParams: [{ ColumnName: 'id', SortOrder: 1 }],
    });
    const data = answer?.data ?? [];
    rows.push(...data);
    if (data.length < PAGE_SIZE || rows.length >= (answer?.totalCount ?? 0)) return rows;
  }
}

/** The change from the linked ids (the other side's) to the chosen ones. */
export function diffLinks(current: ReadonlySet<number>, chosen: ReadonlySet<number>): LinkChangeRequest {
  return {
    add: [...chosen].filter((id) => !current.has(id)),
    remove: [...current].filter((id) => !chosen.has(id)),
  };
}

export const OPERATIONS = ['Read', 'Create', 'Update', 'Delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** One row of the grid: an area (`Products`) and its claim per operation. */
export interface ClaimArea {
  area: string;
  /** The entity's translation key (`entity.products`), when the area is an entity. */
  labelKey?: string;
  cells: Partial<Record<Operation, OperationClaim>>;
}

/** Claims shown apart from the grid: `Admin`, `Monitor.Read`, `Dashboard.Read` and any claim that is not an entity operation. */
const APART_AREAS = new Set(['Admin', 'Monitor', 'Dashboard']);

const labelByPlural = new Map<string, string>(adminRoutes.map((r) => [r.plural, r.label]));

/** The claims grouped by area (sorted by area), and the claims shown apart. */
export function groupClaims(claims: readonly OperationClaim[]): { areas: ClaimArea[]; apart: OperationClaim[] } {
  const byArea = new Map<string, ClaimArea>();
  const apart: OperationClaim[] = [];
  for (const claim of claims) {
    const [area, operation] = claim.name.split('.');
    if (!operation || APART_AREAS.has(area) || !(OPERATIONS as readonly string[]).includes(operation)) {
      apart.push(claim);
      continue;
    }
    let row = byArea.get(area);
    if (!row) {
      row = { area, labelKey: labelByPlural.get(area), cells: {} };
      byArea.set(area, row);
    }
    row.cells[operation as Operation] = claim;
  }
  apart.sort((a, b) => (a.name === 'Admin' ? -1 : b.name === 'Admin' ? 1 : a.name.localeCompare(b.name)));
  return { areas: [...byArea.values()].sort((a, b) => a.area.localeCompare(b.area)), apart };
}
