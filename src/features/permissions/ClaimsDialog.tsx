// "Yetkiler" of a user or a group (the seed's user claims and group claims dialogs): every
// operation claim as a checklist, grouped by area (the part before the dot) with the operations
// Read / Create / Update / Delete as columns and "tümü" per area; `Admin`, `Monitor.Read` and the
// like apart. Saved in one request: the change from what was loaded (see links.ts).
import { useEffect, useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { useGetOperationClaims } from '../../../generated/api/operation-claims/operation-claims.ts';
import { getGetGroupClaimsQueryKey, getGroupClaimsForPaging } from '../../../generated/api/group-claims/group-claims.ts';
import { useChangeGroupClaims } from '../../../generated/api/groups/groups.ts';
import { getGetUserClaimsQueryKey, getUserClaimsForPaging } from '../../../generated/api/user-claims/user-claims.ts';
import { useChangeUserClaims } from '../../../generated/api/users/users.ts';
import type { OperationClaim } from '../../../generated/api/model/index.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { hasTranslation, t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import { useSession } from '@/lib/session.ts';
import { allPagesWhere, diffLinks, groupClaims, OPERATIONS, type ClaimArea } from './links.ts';

export interface Owner {
  kind: 'user' | 'group';
  id: number;
  name: string;
  /** The signed-in user themselves: nobody changes their own claims or groups (the server refuses). */
  self?: boolean;
}

const silent = { silent: true } as const;

/** The owner's own claims: their operation claim ids. */
async function loadOwnClaims(owner: Owner): Promise<Set<number>> {
  const rows =
    owner.kind === 'user'
      ? await allPagesWhere(async (r) => dataOf(await getUserClaimsForPaging(r, silent)), 'userId', owner.id)
      : await allPagesWhere(async (r) => dataOf(await getGroupClaimsForPaging(r, silent)), 'groupId', owner.id);
  return new Set(rows.map((row) => row.operationClaimId));
}

const areaLabel = (a: ClaimArea) => (a.labelKey && hasTranslation(a.labelKey) ? t(a.labelKey) : a.area);
const claimLabel = (c: OperationClaim) => {
  const key = `permissions.claim.${c.name}`;
  return hasTranslation(key) ? t(key) : c.name;
};

const errorText = (err: unknown) => (err instanceof ApiError ? err.message : t('error.connection'));

export function ClaimsDialog({ owner, onClose }: { owner: Owner; onClose: () => void }) {
  useLingui();
  const ids = { search: useId(), note: useId(), apart: useId() };
  const queryClient = useQueryClient();
  const claims = useGetOperationClaims({ query: { select: dataOf }, request: silent });
  const invalidate = useInvalidate();
  // The owner's claim ids, read over every page of their links: a key derived from the links'
  // list key (src/lib/query-keys.ts), so that anything that changes the links reaches it.
  const ownKey = [...(owner.kind === 'user' ? getGetUserClaimsQueryKey() : getGetGroupClaimsQueryKey()), 'claimIdsOf', owner.id];
  const own = useQuery({ queryKey: ownKey, queryFn: () => loadOwnClaims(owner), staleTime: 0, gcTime: 0, meta: { persist: false } });
  const changeUserClaims = useChangeUserClaims({ request: silent });
  const changeGroupClaims = useChangeGroupClaims({ request: silent });
  // Rights are delegated, never created: only claims the signed-in user holds can be given or
  // taken here (the server decides; this only keeps the others out of reach).
  const { hasClaim } = useSession();
  const changeable = (c: OperationClaim) => !owner.self && hasClaim(c.name);
  const restriction = owner.self ? t('permissions.claims.own') : (claims.data ?? []).some((c) => !hasClaim(c.name)) ? t('permissions.claims.onlyHeld') : undefined;

  const [chosen, setChosen] = useState<Set<number>>();
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  // The checklist starts from the owner's claims once they are in.
  useEffect(() => {
    if (own.data && !chosen) setChosen(new Set(own.data));
  }, [own.data, chosen]);

  const grouped = useMemo(() => groupClaims(claims.data ?? []), [claims.data]);
  const needle = search.trim().toLocaleLowerCase();
  const areas = grouped.areas
    .map((a) => ({ ...a, label: areaLabel(a) }))
    .filter((a) => !needle || a.label.toLocaleLowerCase().includes(needle) || a.area.toLocaleLowerCase().includes(needle))
    .sort((a, b) => a.label.localeCompare(b.label));
  const apart = grouped.apart.filter((c) => !needle || c.name.toLocaleLowerCase().includes(needle) || claimLabel(c).toLocaleLowerCase().includes(needle));

  const changes = own.data && chosen ? diffLinks(own.data, chosen) : { add: [], remove: [] };
  const dirty = changes.add.length + changes.remove.length > 0;

  const toggle = (claimIds: number[], on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of claimIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  async function save() {
    if (!own.data || !chosen || !dirty) return;
    setSaving(true);
    setFailure(undefined);
    const variables = { id: owner.id, data: changes };
    let error: unknown;
    try {
      const answer = owner.kind === 'user' ? await changeUserClaims.mutateAsync(variables) : await changeGroupClaims.mutateAsync(variables);
      // The answer is the owner's claims as saved, someone else's changes included.
      const saved = dataOf(answer).ids;
      queryClient.setQueryData(ownKey, new Set(saved));
      setChosen(new Set(saved));
    } catch (err) {
      error = err;
    }
    // Every cached read of the links (the generic screens', this dialog's) is stale now, even
    // after a failure: a timeout can hide a save that went through.
    await invalidate(owner.kind === 'user' ? '/UserClaims' : '/GroupClaims');
    setSaving(false);
    if (error) {
      // Nothing was saved; the choice stays, and the next save sends the change again.
      setFailure(errorText(error));
      return;
    }
    notify({ severity: 'success', summary: t('permissions.claims.saved', { name: owner.name }) });
    onClose();
  }

  const loading = claims.isPending || own.isPending || !chosen;
  const loadError = claims.error ?? own.error;
  const count = chosen?.size ?? 0;

  return (
    <DialogContent size="xl" aria-describedby={ids.note} data-testid="permissions-claims-dialog">
      <DialogHeader>
        <DialogTitle>{t(owner.kind === 'user' ? 'permissions.claims.userTitle' : 'permissions.claims.groupTitle', { name: owner.name })}</DialogTitle>
        <DialogDescription id={ids.note}>{t('permissions.note')}</DialogDescription>
        {owner.kind === 'user' && <p className="text-sm text-muted-foreground">{t('permissions.claims.userHint')}</p>}
        {restriction && <p className="text-sm text-muted-foreground" data-testid="permissions-claims-restriction">{restriction}</p>}
      </DialogHeader>

      {loadError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {errorText(loadError)}
            <Button variant="outline" size="sm" onClick={() => void Promise.all([claims.refetch(), own.refetch()])}>
              {t('permissions.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : loading ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('permissions.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.search}>{t('permissions.claims.search')}</Label>
            <div className="relative max-w-sm">
              <Search aria-hidden="true" className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id={ids.search} type="search" className="h-(--control-h) pl-8" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
            </div>
          </div>

          {apart.length > 0 && (
            <fieldset className="rounded-lg border border-border p-3" aria-labelledby={ids.apart}>
              <legend id={ids.apart} className="px-1 text-sm font-semibold">
                {t('permissions.claims.apart')}
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {apart.map((c) => (
                  <ClaimCheck key={c.id} claim={c} label={claimLabel(c)} checked={chosen.has(c.id)} disabled={!changeable(c)} onChange={(on) => toggle([c.id], on)} />
                ))}
              </div>
            </fieldset>
          )}

          {areas.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('permissions.claims.noArea')}</p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-border">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('permissions.claims.caption')}</caption>
                <thead className="bg-muted/50 text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">{t('permissions.claims.area')}</th>
                    <th scope="col" className="px-3 py-2 text-center font-semibold">{t('permissions.claims.all')}</th>
                    {OPERATIONS.map((op) => (
                      <th key={op} scope="col" className="px-3 py-2 text-center font-semibold">
                        {t(`permissions.op.${op}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {areas.map((a) => {
                    const cellIds = OPERATIONS.flatMap((op) => (a.cells[op] ? [a.cells[op].id] : []));
                    const mine = OPERATIONS.flatMap((op) => (a.cells[op] && changeable(a.cells[op]) ? [a.cells[op].id] : []));
                    const on = cellIds.filter((id) => chosen.has(id)).length;
                    const mineOn = mine.filter((id) => chosen.has(id)).length;
                    return (
                      <tr key={a.area} className="border-t border-border hover:bg-muted/30" data-area={a.area}>
                        <th scope="row" className="px-3 py-1.5 text-left font-medium">
                          {a.label}
                        </th>
                        <td className="px-3 py-1.5 text-center">
                          <Checkbox
                            aria-label={t('permissions.claims.allOf', { area: a.label })}
                            checked={on === 0 ? false : on === cellIds.length ? true : 'indeterminate'}
                            disabled={mine.length === 0}
                            onCheckedChange={() => toggle(mine, mineOn < mine.length)}
                          />
                        </td>
                        {OPERATIONS.map((op) => {
                          const claim = a.cells[op];
                          return (
                            <td key={op} className="px-3 py-1.5 text-center">
                              {claim && (
                                <Checkbox
                                  aria-label={t('permissions.claims.cell', { area: a.label, operation: t(`permissions.op.${op}`) })}
                                  title={claim.name}
                                  checked={chosen.has(claim.id)}
                                  disabled={!changeable(claim)}
                                  onCheckedChange={(v) => toggle([claim.id], v === true)}
                                />
                              )}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}

      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t('permissions.saveFailed', { message: failure })}</AlertDescription>
        </Alert>
      )}

      <DialogFooter className="sm:items-center">
        <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {loading ? '' : t('permissions.claims.count', { count, changes: changes.add.length + changes.remove.length })}
        </p>
        <Button variant="outline" onClick={onClose}>
          {t('permissions.cancel')}
        </Button>
        <Button onClick={() => void save()} disabled={loading || !dirty || saving} aria-busy={saving}>
          {saving ? t('permissions.saving') : t('permissions.save')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function ClaimCheck({ claim, label, checked, disabled, onChange }: { claim: OperationClaim; label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange(v === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
        {label !== claim.name && <span className="ml-1 text-xs text-muted-foreground">({claim.name})</span>}
      </Label>
    </div>
  );
}
