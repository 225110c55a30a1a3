// What the permissions add to the generic screens (registered per plural in
// src/app/entity-extensions.ts): "Yetkiler", "Gruplar" and "Oturumları kapat" on each user,
// "Yetkiler" and "Kullanıcılar" on each group. Each opens its dialog (ClaimsDialog, MembersDialog,
// EndSessionsDialog).
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { KeyRound, LogOut, Users } from 'lucide-react';
import type { EntityPageExtension, EntityRow } from '@/admin/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';
import { ClaimsDialog, type Owner } from './ClaimsDialog.tsx';
import { MembersDialog } from './MembersDialog.tsx';
import { EndSessionsDialog } from './EndSessionsDialog.tsx';

// The row opens on a click or double-click: nothing from these buttons or their dialogs (React
// events bubble out of portals) may reach it.
const stop = (e: SyntheticEvent) => e.stopPropagation();

function RowDialogButton({ label, aria, icon, testId, children }: { label: string; aria: string; icon: ReactNode; testId: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <span onClick={stop} onDoubleClick={stop} onKeyDown={stop} className="contents">
      <Button variant="ghost" size="sm" className="h-8" aria-label={aria} title={label} data-testid={testId} onClick={() => setOpen(true)}>
        {icon}
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && children(() => setOpen(false))}
      </Dialog>
    </span>
  );
}

function userOwner(row: EntityRow, ownGuid: string | undefined): Owner | undefined {
  if (typeof row.id !== 'number') return undefined;
  const full = `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim();
  return { kind: 'user', id: row.id, name: full ? `${full} (${String(row.email ?? '')})` : String(row.email ?? `#${row.id}`), self: !!ownGuid && row.guid === ownGuid };
}

function groupOwner(row: EntityRow): Owner | undefined {
  if (typeof row.id !== 'number') return undefined;
  return { kind: 'group', id: row.id, name: String(row.name ?? `#${row.id}`) };
}

const canEdit = (hasClaim: (c: string) => boolean, plural: string) =>
  hasClaim(`${plural}.Read`) && hasClaim(`${plural}.Create`) && hasClaim(`${plural}.Delete`);

function UserActions({ row }: { row: EntityRow }) {
  const { hasClaim, user } = useSession();
  const owner = userOwner(row, user?.userInfo.userInfo.guid);
  if (!owner) return null;
  return (
    <>
      {canEdit(hasClaim, 'UserClaims') && hasClaim('OperationClaims.Read') && (
        <RowDialogButton label={t('permissions.action.claims')} aria={t('permissions.action.claimsOf', { name: owner.name })} icon={<KeyRound aria-hidden="true" />} testId={`user-claims-${owner.id}`}>
          {(close) => <ClaimsDialog owner={owner} onClose={close} />}
        </RowDialogButton>
      )}
      {canEdit(hasClaim, 'UserGroups') && hasClaim('Groups.Read') && (
        <RowDialogButton label={t('permissions.action.groups')} aria={t('permissions.action.groupsOf', { name: owner.name })} icon={<Users aria-hidden="true" />} testId={`user-groups-${owner.id}`}>
          {(close) => <MembersDialog owner={owner} onClose={close} />}
        </RowDialogButton>
      )}
      {hasClaim('Users.Update') && (
        <RowDialogButton label={t('permissions.action.endSessions')} aria={t('permissions.action.endSessionsOf', { name: owner.name })} icon={<LogOut aria-hidden="true" />} testId={`user-sessions-${owner.id}`}>
          {(close) => <EndSessionsDialog owner={owner} onClose={close} />}
        </RowDialogButton>
      )}
    </>
  );
}

function GroupActions({ row }: { row: EntityRow }) {
  const { hasClaim } = useSession();
  const owner = groupOwner(row);
  if (!owner) return null;
  return (
    <>
      {canEdit(hasClaim, 'GroupClaims') && hasClaim('OperationClaims.Read') && (
        <RowDialogButton label={t('permissions.action.claims')} aria={t('permissions.action.claimsOf', { name: owner.name })} icon={<KeyRound aria-hidden="true" />} testId={`group-claims-${owner.id}`}>
          {(close) => <ClaimsDialog owner={owner} onClose={close} />}
        </RowDialogButton>
      )}
      {canEdit(hasClaim, 'UserGroups') && hasClaim('Users.Read') && (
        <RowDialogButton label={t('permissions.action.members')} aria={t('permissions.action.membersOf', { name: owner.name })} icon={<Users aria-hidden="true" />} testId={`group-users-${owner.id}`}>
          {(close) => <MembersDialog owner={owner} onClose={close} />}
        </RowDialogButton>
      )}
    </>
  );
}

export const usersExtension: EntityPageExtension = { RowActions: UserActions };
export const groupsExtension: EntityPageExtension = { RowActions: GroupActions };
