// "Gruplar" of a user and "Kullanıcılar" of a group (the seed's user groups and group users
// dialogs): a two-list picker over UserGroups, saved in one request: the change from what was
// loaded (links.ts).
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { getGetGroupsQueryKey, getGroups, useChangeGroupUsers } from '../../../generated/api/groups/groups.ts';
import { getGetUserGroupsQueryKey, getUserGroupsForPaging } from '../../../generated/api/user-groups/user-groups.ts';
import { getGetUsersQueryKey, getUsers, useChangeUserGroups } from '../../../generated/api/users/users.ts';
import { Alert, AlertDescription } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-fetcher.ts';
import { dataOf } from '@/lib/envelope.ts';
import { t } from '@/lib/i18n.ts';
import { notify } from '@/lib/notify.ts';
import { useInvalidate } from '@/lib/query-keys.ts';
import type { Owner } from './ClaimsDialog.tsx';
import { allPagesWhere, diffLinks } from './links.ts';
import { TwoListPicker, type PickItem } from './TwoListPicker.tsx';

const silent = { silent: true } as const;
const errorText = (err: unknown) => (err instanceof ApiError ? err.message : t('error.connection'));

/** The other side's rows as picker items: a user's groups, or a group's users. */
async function loadOthers(owner: Owner): Promise<PickItem[]> {
  if (owner.kind === 'user') {
    const groups = dataOf(await getGroups(silent)) ?? [];
    return groups.map((g) => ({ id: g.id, label: g.name, hint: g.description ?? undefined })).sort((a, b) => a.label.localeCompare(b.label));
  }
  const users = dataOf(await getUsers(silent)) ?? [];
  return users
    .map((u) => ({ id: u.id, label: `${u.firstName} ${u.lastName}`.trim() || u.email, hint: u.email }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The owner's links: the other side's ids. */
async function loadLinks(owner: Owner): Promise<Set<number>> {
  const rows = await allPagesWhere(async (r) => dataOf(await getUserGroupsForPaging(r, silent)), owner.kind === 'user' ? 'userId' : 'groupId', owner.id);
  return new Set(rows.map((row) => (owner.kind === 'user' ? row.groupId : row.userId)));
}

export function MembersDialog({ owner, onClose }: { owner: Owner; onClose: () => void }) {
  useLingui();
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  // Keys derived from the list keys (src/lib/query-keys.ts): the other side's rows as picker
  // items, and the owner's links read over every page.
  const othersKey = [...(owner.kind === 'user' ? getGetGroupsQueryKey() : getGetUsersQueryKey()), 'pickItems'];
  const linksKey = [...getGetUserGroupsQueryKey(), owner.kind === 'user' ? 'groupIdsOf' : 'userIdsOf', owner.id];
  const others = useQuery({ queryKey: othersKey, queryFn: () => loadOthers(owner), staleTime: 0, gcTime: 0, meta: { persist: false } });
  const links = useQuery({ queryKey: linksKey, queryFn: () => loadLinks(owner), staleTime: 0, gcTime: 0, meta: { persist: false } });
  const changeUserGroups = useChangeUserGroups({ request: silent });
  const changeGroupUsers = useChangeGroupUsers({ request: silent });
  const [chosen, setChosen] = useState<Set<number>>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (links.data && !chosen) setChosen(new Set(links.data));
  }, [links.data, chosen]);

  const changes = useMemo(() => (links.data && chosen ? diffLinks(links.data, chosen) : { add: [], remove: [] }), [links.data, chosen]);
  const dirty = changes.add.length + changes.remove.length > 0;
  const isUser = owner.kind === 'user';

  async function save() {
    if (!dirty) return;
    setSaving(true);
    setFailure(undefined);
    const variables = { id: owner.id, data: changes };
    let error: unknown;
    try {
      const answer = isUser ? await changeUserGroups.mutateAsync(variables) : await changeGroupUsers.mutateAsync(variables);
      const saved = dataOf(answer).ids;
      queryClient.setQueryData(linksKey, new Set(saved));
      setChosen(new Set(saved));
    } catch (err) {
      error = err;
    }
    // Every cached read of the links (the generic screens', this dialog's) is stale now, even
    // after a failure: a timeout can hide a save that went through.
    await invalidate('/UserGroups');
    setSaving(false);
    if (error) {
      // Nothing was saved; the choice stays, and the next save sends the change again.
      setFailure(errorText(error));
      return;
    }
    notify({ severity: 'success', summary: t(isUser ? 'permissions.groups.saved' : 'permissions.members.saved', { name: owner.name }) });
    onClose();
  }

  const loading = others.isPending || links.isPending || !chosen;
  const loadError = others.error ?? links.error;

  return (
    <DialogContent size="lg" data-testid="permissions-members-dialog">
      <DialogHeader>
        <DialogTitle>{t(isUser ? 'permissions.groups.title' : 'permissions.members.title', { name: owner.name })}</DialogTitle>
        <DialogDescription>{t('permissions.note')}</DialogDescription>
        {owner.self && <p className="text-sm text-muted-foreground" data-testid="permissions-groups-restriction">{t('permissions.groups.own')}</p>}
      </DialogHeader>
      {loadError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            {errorText(loadError)}
            <Button variant="outline" size="sm" onClick={() => void Promise.all([others.refetch(), links.refetch()])}>
              {t('permissions.retry')}
            </Button>
          </AlertDescription>
        </Alert>
      ) : loading ? (
        <div className="grid grid-cols-2 gap-3" aria-busy="true" aria-label={t('permissions.loading')}>
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        <TwoListPicker
          items={others.data ?? []}
          assigned={chosen}
          onChange={setChosen}
          labels={
            isUser
              ? { available: t('permissions.groups.available'), assigned: t('permissions.groups.assigned'), search: t('permissions.groups.search') }
              : { available: t('permissions.members.available'), assigned: t('permissions.members.assigned'), search: t('permissions.members.search') }
          }
        />
      )}
      {failure && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t('permissions.saveFailed', { message: failure })}</AlertDescription>
        </Alert>
      )}
      <DialogFooter className="sm:items-center">
        <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {loading ? '' : t('permissions.changes', { changes: changes.add.length + changes.remove.length })}
        </p>
        <Button variant="outline" onClick={onClose}>
          {t('permissions.cancel')}
        </Button>
        <Button onClick={() => void save()} disabled={loading || !dirty || saving || owner.self} aria-busy={saving}>
          {saving ? t('permissions.saving') : t('permissions.save')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
