import type { TContentKind, TErrorDetail } from '@chaupal/contract';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import type { Session } from '../../app/session';
import { dayInSiteZone, inSiteZone } from '../../components/dates';
import type { KindParts } from '../../components/editing/form-shared';
import { Pager } from '../../components/pager';
import { notify } from '../../components/toasts';
import { Button, Dialog } from '../../components/ui/ui';
import type { AdminApi, AdminPage, TListParams } from './admin-api';

/** What every console screen needs: the admin calls and the session (its token uploads images). */
/** The console's API and session, and the forms and previews of kinds that draw their own (the shell's KIND_PAGES). */
export const AdminContext = createContext<{
  api: AdminApi;
  session: Session;
  parts: { [K in TContentKind]?: KindParts };
} | null>(null);
export function useAdmin() {
  const ctx = useContext(AdminContext);
  if (!ctx) throw new Error('useAdmin outside the console');
  return ctx;
}

export const PAGE_SIZE = 20;

/**
 * A paged, searchable, filtered list whose state lives in the URL (?q=&status=&page=), so a reload or a shared
 * link shows the same rows.
 */
export function useAdminList<T>(key: string, fetch: (p: TListParams) => Promise<AdminPage<T>>, filters: string[]) {
  const [params, setParams] = useSearchParams();
  const values: TListParams = { page: Number(params.get('page') ?? 1) || 1, pageSize: PAGE_SIZE };
  for (const f of ['q', ...filters]) values[f] = params.get(f) ?? undefined;
  const queryKey: QueryKey = ['admin', key, values];
  const query = useQuery({ queryKey, queryFn: () => fetch(values) });
  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        p.delete('page');
        return p;
      },
      { replace: true },
    );
  const queryClient = useQueryClient();
  return {
    ...query,
    values,
    set,
    reload: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
    pages: Math.ceil((query.data?.meta.total ?? 0) / PAGE_SIZE),
  };
}

/** The search box (applied on Enter or after a pause) and the filter selects above a table. */
export function Toolbar({
  list,
  placeholder,
  filters = [],
  children,
}: {
  list: { values: TListParams; set(name: string, value: string): void };
  placeholder: string;
  filters?: { name: string; label: string; options: [string, string][] }[];
  children?: ReactNode;
}) {
  const [q, setQ] = useState(String(list.values.q ?? ''));
  useEffect(() => {
    const current = String(list.values.q ?? '');
    if (q === current) return;
    const t = setTimeout(() => list.set('q', q.trim()), 350);
    return () => clearTimeout(t);
  }, [q, list]);
  return (
    <div className="admin-toolbar">
      <input
        type="search"
        aria-label="Search"
        placeholder={placeholder}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {filters.map((f) => (
        <select
          key={f.name}
          aria-label={f.label}
          value={String(list.values[f.name] ?? '')}
          onChange={(e) => list.set(f.name, e.target.value)}
        >
          <option value="">{f.label}: all</option>
          {f.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ))}
      {children}
    </div>
  );
}

export interface Column<T> {
  label: string;
  cell(row: T): ReactNode;
  className?: string;
}

/** A table that becomes stacked cards on a phone (each cell labelled), with its pager and empty text. */
export function AdminTable<T extends { id: string }>({
  list,
  rows = list?.data?.data,
  loading = list?.isPending ?? false,
  columns,
  empty,
}: {
  /** A paged list from useAdminList: its rows, total and pages; or `rows` for a short list shown whole. */
  list?: { data?: AdminPage<T>; isPending: boolean; values: TListParams; pages: number };
  rows?: T[];
  loading?: boolean;
  columns: Column<T>[];
  empty: string;
}) {
  const page = Number(list?.values.page ?? 1);
  const pages = list?.pages ?? 1;
  const total = list?.data?.meta.total;
  const [params] = useSearchParams();
  const hrefFor = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    return `?${next}`;
  };
  if (loading) return <p role="status">Loading</p>;
  if (!rows?.length) return <p className="empty">{empty}</p>;
  return (
    <>
      {total !== undefined ? <p className="muted small">{total} in all</p> : null}
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={c.className}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                {columns.map((c) => (
                  <td key={c.label} data-label={c.label} className={c.className}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}

const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  pending: 'Pending review',
  hold: 'Held',
  draft: 'Draft',
  new: 'New',
  done: 'Done',
  acted: 'Acted',
  dismissed: 'Dismissed',
};
/** Green for active (and done), grey for a draft, red otherwise, as on the dashboards (SPEC §2). */
export function StatusTag({ status }: { status: string }) {
  const ok = status === 'active' || status === 'done' || status === 'acted' || status === 'dismissed';
  const look = ok ? 'ok' : status === 'draft' ? 'draft' : 'off';
  return <span className={`status status-${look}`}>{STATUS_TEXT[status] ?? status}</span>;
}

/** "Are you sure?" with Yes / No, as the dashboards ask before a delete. */
export function Confirm({
  open,
  title,
  text,
  onYes,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  onYes(): Promise<void> | void;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="stack gap-md">
        <p>{text}</p>
        <div className="row gap-sm">
          <Button
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onYes();
              } finally {
                setBusy(false);
              }
            }}
          >
            Yes
          </Button>
          <Button variant="outline" onClick={onClose}>
            No
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export type FieldErrors = Record<string, string>;

/** The first message per field, from a contract schema's check or from the API's SPEC §8 details. */
export function errorsOf(details: readonly TErrorDetail[] | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const d of details ?? []) out[d.parameter] ??= d.errors[0];
  return out;
}

/**
 * Checks `values` with the contract's schema, then sends them; on failure returns the errors per field (and tells
 * the admin with a toast), on success the server's message is shown and `true` returned. The console shows one form
 * at a time, so one toast key serves them all: a save that works replaces the error of the one that did not.
 */
export async function submitForm(
  schema: z.ZodType,
  values: object,
  send: (body: object) => Promise<{ message?: string }>,
  setErrors: (e: FieldErrors) => void,
  key = 'admin-save',
): Promise<boolean> {
  const checked = schema.safeParse(values);
  if (!checked.success) {
    setErrors(
      errorsOf(checked.error.issues.map((i) => ({ parameter: i.path.join('.') || 'form', errors: [i.message] }))),
    );
    return false;
  }
  try {
    const res = await send(values);
    setErrors({});
    notify(res.message ?? 'Saved', { key });
    return true;
  } catch (err) {
    if (err instanceof ApiError) {
      setErrors(errorsOf(err.body.details));
      notify(err.body.error, { tone: 'error', key });
    } else notify('Could not save.', { tone: 'error', key });
    return false;
  }
}

/**
 * Runs an action from a table row and reports its answer (or error) in a toast; reloads the console's lists. `key`
 * names the action on its row, so trying it again replaces its error, and only its own.
 */
export async function act(work: () => Promise<{ message?: string }>, reload: () => unknown, key?: string) {
  try {
    const res = await work();
    notify(res.message ?? 'Done', { key });
    await reload();
    return true;
  } catch (err) {
    notify(err instanceof ApiError ? err.body.error : 'Something went wrong.', { tone: 'error', key });
    return false;
  }
}

export const when = inSiteZone;

export const day = dayInSiteZone;

/** The status filter of the taxonomy, policy and user lists. */
export const STATUS_FILTER = {
  name: 'status',
  label: 'Status',
  options: [
    ['active', 'Active'],
    ['hold', 'Held'],
  ] as [string, string][],
};

/** A form's Save (disabled and "Saving..." while it sends) and, in a dialog, Cancel. */
export function FormButtons({ busy, onCancel }: { busy: boolean; onCancel?(): void }) {
  return (
    <div className="row gap-sm">
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : 'Save'}
      </Button>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
