import type { TAdminUser, TUserPatch } from '@chaupal/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/ui';
import { AdminTable, act, Confirm, StatusTag, Toolbar, useAdmin, useAdminList, when } from './kit';

const yesNo = (ok: boolean) => (ok ? '✓' : '✗');

/**
 * Every account: hold or activate it (holding takes the user's content off the public pages), mark its channels
 * verified, or change its role. An admin cannot hold or demote themselves, so those buttons are not on their row.
 */
export function UsersScreen() {
  const { api, session } = useAdmin();
  const list = useAdminList<TAdminUser>('users', api.users, ['status', 'role']);
  const [holding, setHolding] = useState<TAdminUser | null>(null);
  const update = (u: TAdminUser, patch: TUserPatch) => act(() => api.updateUser(u.id, patch), list.reload);

  const columns = [
    { label: 'Name', cell: (u: TAdminUser) => <strong>{u.name}</strong> },
    { label: 'E-mail', cell: (u: TAdminUser) => u.email },
    { label: 'Phone', cell: (u: TAdminUser) => u.phone },
    { label: 'Role', cell: (u: TAdminUser) => (u.role === 'admin' ? 'Admin' : 'Customer') },
    {
      label: 'Verified',
      cell: (u: TAdminUser) => (
        <span className="nowrap">
          E-mail {yesNo(u.emailVerified)} Phone {yesNo(u.phoneVerified)}
        </span>
      ),
    },
    { label: 'Status', cell: (u: TAdminUser) => <StatusTag status={u.status} /> },
    { label: 'Records', cell: (u: TAdminUser) => u.records, className: 'num' },
    { label: 'Joined', cell: (u: TAdminUser) => when(u.createdAt) },
    {
      label: 'Actions',
      cell: (u: TAdminUser) => {
        const self = u.id === session.user.id;
        return (
          <div className="admin-actions">
            {u.status === 'active' && !self ? (
              <Button size="xs" variant="light" onClick={() => setHolding(u)}>
                Hold
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
            {u.role === 'customer' ? (
              <Button size="xs" variant="outline" onClick={() => update(u, { role: 'admin' })}>
                Make admin
              </Button>
            ) : !self ? (
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
          {
            name: 'status',
            label: 'Status',
            options: [
              ['active', 'Active'],
              ['hold', 'Held'],
            ],
          },
          {
            name: 'role',
            label: 'Role',
            options: [
              ['customer', 'Customer'],
              ['admin', 'Admin'],
            ],
          },
        ]}
      />
      <AdminTable
        rows={list.data?.data}
        columns={columns}
        loading={list.isPending}
        empty="No users found"
        page={Number(list.values.page)}
        pages={list.pages}
        total={list.data?.meta.total}
      />
      <Confirm
        open={Boolean(holding)}
        title="Hold user"
        text={`Hold ${holding?.name ?? ''}? Their content leaves the public pages and they are signed out on their next call.`}
        onClose={() => setHolding(null)}
        onYes={async () => {
          if (holding) await update(holding, { status: 'hold' });
          setHolding(null);
        }}
      />
    </>
  );
}
