import type { TAuditEntry } from '@chaupal/contract';
import { CONTENT_KIND_NAMES, TAXONOMY_NAMES } from '@chaupal/contract/content-kinds';
import { Button } from '../../components/ui/ui';
import { AdminTable, useAdmin, useAdminList, when } from './kit';

const ENTITIES = [
  ...CONTENT_KIND_NAMES,
  'user',
  'circles',
  'blocks',
  ...TAXONOMY_NAMES,
  'policy',
  'banner',
  'setting',
  'contact',
  'synonym',
] as const;

const MAX_LINES = 8;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** One value, short: strings as they are, anything else as JSON, cut at 60 characters. */
function show(v: unknown): string {
  if (v === null || v === undefined) return '∅';
  const text = typeof v === 'string' ? (v === '' ? '""' : v) : JSON.stringify(v);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** What an entry changed: for objects only the keys whose values differ (`status: pending → active`). */
function changeText(before: unknown, after: unknown): string {
  let lines: string[];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    lines = keys.filter((k) => !same(before[k], after[k])).map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`);
    if (!lines.length) return 'No change';
  } else if (before == null && isObject(after)) {
    lines = ['created', ...Object.entries(after).map(([k, v]) => `${k}: ${show(v)}`)];
  } else if (isObject(before) && after == null) {
    lines = ['deleted', ...Object.entries(before).map(([k, v]) => `${k}: ${show(v)}`)];
  } else if (before == null && after == null) {
    return '—';
  } else {
    lines = [`${show(before)} → ${show(after)}`];
  }
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more`].join('\n')
    : lines.join('\n');
}

const shortId = (id: string) => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

/** Who did what to which record and when, newest first; filtered by kind of record (and by one record's id). */
export function AuditScreen() {
  const { api } = useAdmin();
  const list = useAdminList<TAuditEntry>('audit', api.audit, ['entity', 'entityId']);
  const entityId = list.values.entityId ? String(list.values.entityId) : '';

  const columns = [
    { label: 'When', cell: (e: TAuditEntry) => <span className="nowrap">{when(e.createdAt)}</span> },
    {
      label: 'Who',
      cell: (e: TAuditEntry) =>
        e.actor ? (
          <div>
            <strong>{e.actor.name}</strong>
            <div className="muted small">{e.actor.email}</div>
          </div>
        ) : (
          <span className="muted">shell</span>
        ),
    },
    { label: 'Action', cell: (e: TAuditEntry) => <span className="pill">{e.action}</span> },
    { label: 'Entity', cell: (e: TAuditEntry) => e.entity },
    {
      label: 'Record id',
      cell: (e: TAuditEntry) => (
        <code title={e.entityId} className="small">
          {shortId(e.entityId)}
        </code>
      ),
    },
    { label: 'Reason', cell: (e: TAuditEntry) => e.reason || '—' },
    {
      label: 'Change',
      cell: (e: TAuditEntry) => <pre className="admin-json">{changeText(e.before, e.after)}</pre>,
    },
  ];

  return (
    <>
      <div className="admin-head">
        <h1>Audit log</h1>
      </div>
      <div className="admin-toolbar">
        <select
          aria-label="Entity"
          value={String(list.values.entity ?? '')}
          onChange={(e) => list.set('entity', e.target.value)}
        >
          <option value="">Entity: all</option>
          {ENTITIES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {entityId ? (
          <Button size="xs" variant="outline" onClick={() => list.set('entityId', '')}>
            Show all records (now only {shortId(entityId)})
          </Button>
        ) : null}
      </div>
      <AdminTable list={list} columns={columns} empty="Nothing logged yet" />
    </>
  );
}
