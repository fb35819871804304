import { useState, type FormEvent } from 'react';
import { Mail, Shield, Trash2, UserPlus, Users } from 'lucide-react';
import type { BrandRole } from '@console/contract/roles';
import type { RoleName, TeamMember } from '@console/contract/users';
import { useCurrentBrand, useSession } from '../../session/hooks';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { confirmAction } from '../../ui/confirm';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Modal } from '../../ui/Modal';
import { SlideOver } from '../../ui/SlideOver';
import { LoadingState } from '../../ui/Spinner';
import { formatDate } from '../../ui/format';
import { notify } from '../../ui/toast';
import { useAssignRole, useRemoveMember, useTeam } from './api';
import { ASSIGNABLE_ROLE_OPTIONS, INVITE_ROLE_OPTIONS, USER_TEXT, canManageTeam, canRemove, initials, roleLabel, teamTotals } from './user-display';

const ROLE_TONES: Record<string, BadgeTone> = { owner: 'purple', admin: 'blue', editor: 'green', agent: 'green', viewer: 'neutral' };

/** SPEC §2 Users panel: totals, the member list, the invite dialog and the user detail drawer. */
export function UsersPanel() {
  const brand = useCurrentBrand();
  const { user } = useSession();
  const team = useTeam(brand?.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [inviteOpen, setInviteOpen] = useState(false);

  if (!brand) return <EmptyState icon={Users} title={USER_TEXT.noBrand} />;
  const myRole: BrandRole | null = 'role' in brand ? brand.role : user?.is_super_admin ? 'admin' : null;
  const members = team.data?.users ?? [];
  const totals = teamTotals(members);
  const selected = members.find((m) => m.id === selectedId) ?? null;

  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="grid grid-cols-3 gap-2">
        <Total label="Members" value={totals.members} />
        <Total label="Owners" value={totals.owners} />
        <Total label="Admins" value={totals.admins} />
      </div>

      {canManageTeam(myRole) && (
        <button type="button" onClick={() => setInviteOpen(true)} className="btn btn-primary self-start">
          <UserPlus aria-hidden="true" size={16} />
          Invite Team Member
        </button>
      )}

      {team.isPending ? (
        <LoadingState label="Loading users" />
      ) : team.isError ? (
        <ErrorState message={USER_TEXT.loadFailed} onRetry={() => void team.refetch()} />
      ) : members.length === 0 ? (
        <EmptyState icon={Users} title={USER_TEXT.empty} />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Team members">
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              isMe={member.user_id === user?.id}
              removable={canRemove(myRole, member, user?.id)}
              brandId={brand.id}
              onOpen={() => setSelectedId(member.id)}
            />
          ))}
        </ul>
      )}

      <InviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
      <MemberDrawer brandId={brand.id} member={selected} onClose={() => setSelectedId(null)} />
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-center shadow-sm">
      <div className="text-xl font-semibold text-slate-900" data-testid={`total-${label.toLowerCase()}`}>
        {value}
      </div>
      <div className="text-xs text-slate-500">{label}</div>
    </div>
  );
}

export function MemberRow({ member, isMe, removable, brandId, onOpen }: { member: TeamMember; isMe: boolean; removable: boolean; brandId: string; onOpen: () => void }) {
  const remove = useRemoveMember(brandId);
  const role = roleLabel(member);

  async function onRemove() {
    if (!(await confirmAction(USER_TEXT.removeConfirm))) return;
    try {
      await remove.mutateAsync(member);
    } catch (error) {
      console.error('Remove user failed', error);
      notify(USER_TEXT.removeFailed, 'error');
    }
  }

  return (
    <li className="flex items-center gap-3 px-3 py-2.5 sm:px-4" data-testid="member-row">
      <button type="button" onClick={onOpen} className="flex min-w-0 flex-1 items-center gap-3 text-left">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600" aria-hidden="true">
          {initials(member.name)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">
            {member.name}
            {isMe && <span className="ml-1 font-normal text-slate-500">(You)</span>}
          </span>
          <span className="block truncate text-xs text-slate-500">{member.email}</span>
        </span>
        <Badge tone={ROLE_TONES[role] ?? 'neutral'} className="capitalize">
          {role}
        </Badge>
      </button>
      {removable && (
        <button type="button" onClick={() => void onRemove()} disabled={remove.isPending} className="btn-icon text-red-600 hover:bg-red-50 hover:text-red-700" aria-label={`Remove ${member.name}`} title="Remove">
          <Trash2 aria-hidden="true" size={16} />
        </button>
      )}
    </li>
  );
}

/** SPEC §5: the invite dialog does no validation and does nothing real. */
function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    notify(USER_TEXT.inviteSoon);
    onClose();
  }
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Invite Team Member"
      size="sm"
      footer={
        <>
          <button type="button" onClick={onClose} className="btn btn-secondary">
            Cancel
          </button>
          <button type="submit" form="invite-form" className="btn btn-primary">
            Send Invite
          </button>
        </>
      }
    >
      <form id="invite-form" onSubmit={onSubmit} className="flex flex-col gap-4">
        <div>
          <label htmlFor="invite-email" className="field-label">
            Email
          </label>
          <input id="invite-email" type="text" className="input" placeholder="colleague@example.com" autoComplete="off" />
        </div>
        <div>
          <label htmlFor="invite-role" className="field-label">
            Role
          </label>
          <select id="invite-role" className="input capitalize" defaultValue="viewer">
            {INVITE_ROLE_OPTIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}

/** The user detail drawer with role assignment (SPEC §2, §5: Save is disabled until a role is chosen). */
function MemberDrawer({ brandId, member, onClose }: { brandId: string; member: TeamMember | null; onClose: () => void }) {
  return (
    <SlideOver open={member !== null} onClose={onClose} title={member?.name ?? ''} subtitle={member?.email}>
      {member && <RoleAssignment key={member.id} brandId={brandId} member={member} onDone={onClose} />}
    </SlideOver>
  );
}

export function RoleAssignment({ brandId, member, onDone }: { brandId: string; member: TeamMember; onDone: () => void }) {
  const [role, setRole] = useState<RoleName | null>(null);
  const assign = useAssignRole(brandId);

  async function onSave() {
    if (!role) return;
    try {
      await assign.mutateAsync({ member, role });
      onDone();
    } catch (error) {
      console.error('Role update failed', error);
      notify(USER_TEXT.roleFailed, 'error');
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Email</dt>
        <dd className="flex min-w-0 items-center gap-1.5 text-slate-900">
          <Mail aria-hidden="true" size={14} className="shrink-0 text-slate-400" />
          <span className="truncate">{member.email}</span>
        </dd>
        <dt className="text-slate-500">Role</dt>
        <dd className="capitalize text-slate-900">{roleLabel(member)}</dd>
        <dt className="text-slate-500">Joined</dt>
        <dd className="text-slate-900">{formatDate(member.created_at)}</dd>
        {member.is_super_admin && (
          <>
            <dt className="text-slate-500">System</dt>
            <dd>
              <Badge tone="red">super admin</Badge>
            </dd>
          </>
        )}
      </dl>

      <fieldset>
        <legend className="field-label flex items-center gap-1.5">
          <Shield aria-hidden="true" size={15} /> Assign Role
        </legend>
        <div className="flex flex-col gap-2">
          {ASSIGNABLE_ROLE_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm ${role === option.value ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50'}`}
            >
              <input type="radio" name="role" value={option.value} checked={role === option.value} onChange={() => setRole(option.value)} className="mt-0.5" />
              <span>
                <span className="block font-medium text-slate-900">{option.label}</span>
                <span className="block text-xs text-slate-500">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <button type="button" onClick={() => void onSave()} disabled={!role || assign.isPending} className="btn btn-primary">
        {assign.isPending ? 'Saving...' : 'Save'}
      </button>
    </div>
  );
}
