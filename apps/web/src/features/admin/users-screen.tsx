import type { TAdminUser, TUserPatch } from '@chaupal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { timeInSiteZone } from '../../components/dates';
import { Link } from '../../components/ui/link';
import { Button } from '../../components/ui/ui';
import { EditorDialog } from './editor-dialog';
import { AdminTable, act, Confirm, day, STATUS_FILTER, StatusTag, Toolbar, useAdmin, useAdminList } from './kit';

const yesNo = (ok: boolean) => (ok ? '✓' : '✗');
const time = timeInSiteZone;

const ROLE_TEXT = { admin: 'Admin', editor: 'Editor', customer: 'Customer' } as const;

/**
 * Every account: hold or activate it (holding takes the user's content off the public pages), mark its channels
 * verified, or change its role (an editor's with the editions they look after), or lift a sign-in lock left by too
 * many failed sign-ins. An admin cannot hold or demote themselves, so those buttons are not on their row.
 */
export function UsersScreen() {
  const { api, session } = useAdmin();
  const list = useAdminList<TAdminUser>('users', api.users, ['status', 'role']);
  const [asking, setAsking] = useState<{ user: TAdminUser; patch: TUserPatch; title: string; text: string } | null>(
    null,
  );
  const [desk, setDesk] = useState<TAdminUser | null>(null);
  const { data: editions } = useQuery({
    queryKey: ['admin', 'all-editions'],
    queryFn: () => api.taxa('editions', { pageSize: 100 }),
  });
  const editionNames = (ids: string[]) =>
    ids.length ? ids.map((e) => editions?.data.find((x) => x.id === e)?.title ?? e).join(', ') : 'Every edition';
  const update = (u: TAdminUser, patch: TUserPatch) =>
    act(() => api.updateUser(u.id, patch), list.reload, `user-${u.id}`);

  const columns = [
    {
      label: 'Account',
      cell: (u: TAdminUser) => (
        <div>
          <strong>{u.name}</strong>
          <div className="small">{u.email}</div>
          <div className="muted small">{u.phone}</div>
        </div>
      ),
    },
    {
      label: 'Role',
      cell: (u: TAdminUser) => (
        <div>
          {ROLE_TEXT[u.role]}
          {u.role === 'editor' ? <div className="muted small">{editionNames(u.editorEditions)}</div> : null}
        </div>
      ),
    },
    {
      label: 'Verified',
      cell: (u: TAdminUser) => (
        <span className="nowrap">
          E-mail {yesNo(u.emailVerified)} Phone {yesNo(u.phoneVerified)}
        </span>
      ),
    },
    {
      label: 'Status',
      cell: (u: TAdminUser) => (
        <div>
          <StatusTag status={u.status} />
          {u.signInLockedUntil ? (
            <div className="muted small nowrap">Sign-in locked until {time(u.signInLockedUntil)}</div>
          ) : null}
        </div>
      ),
    },
    {
      label: 'Records',
      cell: (u: TAdminUser) =>
        u.records ? (
          <Link to={`/admin/records?q=${encodeURIComponent(u.email)}`} aria-label={`${u.records} records of ${u.name}`}>
            {u.records}
          </Link>
        ) : (
          0
        ),
      className: 'num',
    },
    { label: 'Joined', cell: (u: TAdminUser) => <span className="nowrap">{day(u.createdAt)}</span> },
    {
      label: 'Actions',
      cell: (u: TAdminUser) => {
        const self = u.id === session.user.id;
        return (
          <div className="admin-actions">
            {u.status === 'active' && !self ? (
              <Button
                size="xs"
                variant="light"
                onClick={() =>
                  setAsking({
                    user: u,
                    patch: { status: 'hold' },
                    title: 'Hold user',
                    text: `Hold ${u.name}? Their content leaves the public pages and they are signed out on their next call.`,
                  })
                }
              >
                Hold
              </Button>
            ) : null}
            {u.signInLockedUntil ? (
              <Button
                size="xs"
                variant="green"
                title="Lift the sign-in lock that failed sign-ins put on this account"
                onClick={() => act(() => api.unlockUser(u.id), list.reload, `unlock-${u.id}`)}
              >
                Unlock
              </Button>
            ) : null}
            {u.status === 'hold' ? (
              <Button size="xs" variant="green" onClick={() => update(u, { status: 'active' })}>
                Activate
              </Button>
            ) : null}
            {!(u.emailVerified && u.phoneVerified) ? (
              <Button
                size="xs"
                variant="outline"
                onClick={() => update(u, { emailVerified: true, phoneVerified: true })}
              >
                Mark verified
              </Button>
            ) : null}
            {u.role !== 'admin' ? (
              <Button
                size="xs"
                variant="outline"
                onClick={() =>
                  setAsking({
                    user: u,
                    patch: { role: 'admin' },
                    title: 'Make admin',
                    text: `Make ${u.name} an admin? They can then moderate, edit any record and manage users.`,
                  })
                }
              >
                Make admin
              </Button>
            ) : null}
            {!self ? (
              <Button size="xs" variant="outline" onClick={() => setDesk(u)}>
                {u.role === 'editor' ? 'Editions' : 'Make editor'}
              </Button>
            ) : null}
            {u.role !== 'customer' && !self ? (
              <Button size="xs" variant="outline" onClick={() => update(u, { role: 'customer' })}>
                Make customer
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Users</h1>
      </div>
      <Toolbar
        list={list}
        placeholder="Search by name, e-mail or phone"
        filters={[
          STATUS_FILTER,
          {
            name: 'role',
            label: 'Role',
            options: [
              ['customer', 'Customer'],
              ['editor', 'Editor'],
              ['admin', 'Admin'],
            ],
          },
        ]}
      />
      <AdminTable list={list} columns={columns} empty="No users found" />
      {desk ? (
        <EditorDialog
          user={desk}
          editions={editions?.data ?? []}
          onClose={() => setDesk(null)}
          onSaved={() => {
            setDesk(null);
            list.reload();
          }}
        />
      ) : null}
      <Confirm
        open={Boolean(asking)}
        title={asking?.title ?? ''}
        text={asking?.text ?? ''}
        onClose={() => setAsking(null)}
        onYes={async () => {
          if (asking) await update(asking.user, asking.patch);
          setAsking(null);
        }}
      />
    </>
  );
}
