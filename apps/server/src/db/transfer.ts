/**
 * Copying the app's tables from one PostgreSQL to another (the embedded PGlite to a server, `npm run db:move`) and
 * proving the copy: the same rows, in the same text, on both sides (docs/decisions/013).
 */

/** What both PGlite and a `pg` client offer: a query with positional parameters. */
export interface SqlSession {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface TableInfo {
  name: string;
  /** Columns in the table's own order; generated columns are left out of inserts, not of checksums. */
  columns: { name: string; generated: boolean; identity: boolean }[];
  primaryKey: string[];
  /** Tables this one's foreign keys point at (itself excluded). */
  references: string[];
}

export interface TableSum {
  table: string;
  rows: number;
  md5: string;
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

/**
 * Text output is the same on both sides only with the same session settings: a timestamptz prints in the session's
 * zone, a float with its extra_float_digits, an interval in its style.
 */
export async function pinTextOutput(session: SqlSession) {
  for (const setting of [
    "set timezone to 'UTC'",
    "set datestyle to 'ISO, YMD'",
    "set intervalstyle to 'postgres'",
    'set extra_float_digits to 3',
    "set bytea_output to 'hex'",
  ]) {
    await session.query(setting);
  }
}

/** The app's tables in the public schema, with columns, primary key and foreign-key targets. */
export async function listTables(session: SqlSession): Promise<TableInfo[]> {
  const { rows: tables } = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const { rows: columns } = await session.query<{ table: string; name: string; generated: string; identity: string }>(
    `select c.relname as "table", a.attname as name, a.attgenerated::text as generated, a.attidentity::text as identity
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
  );
  const { rows: keys } = await session.query<{ table: string; name: string }>(
    `select c.relname as "table", a.attname as name
     from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     cross join lateral unnest(i.indkey) with ordinality as k(attnum, pos)
     join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where n.nspname = 'public' and i.indisprimary order by c.relname, k.pos`,
  );
  const { rows: refs } = await session.query<{ table: string; target: string }>(
    `select distinct c.relname as "table", t.relname as target
     from pg_constraint f join pg_class c on c.oid = f.conrelid join pg_class t on t.oid = f.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and f.contype = 'f' and f.conrelid <> f.confrelid`,
  );
  return tables.map(({ name }) => ({
    name,
    columns: columns
      .filter((c) => c.table === name)
      .map((c) => ({ name: c.name, generated: c.generated !== '', identity: c.identity === 'a' })),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
    references: refs.filter((r) => r.table === name).map((r) => r.target),
  }));
}

/** Parents before children, so every foreign key finds its row; a cycle cannot be copied this way and says so. */
export function inForeignKeyOrder(tables: TableInfo[]): TableInfo[] {
  const done = new Set<string>();
  const ordered: TableInfo[] = [];
  const known = new Set(tables.map((t) => t.name));
  let left = [...tables];
  while (left.length) {
    const ready = left.filter((t) => t.references.every((r) => done.has(r) || !known.has(r)));
    if (!ready.length) throw new Error(`foreign keys form a cycle among ${left.map((t) => t.name).join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      done.add(t.name);
    }
    left = left.filter((t) => !done.has(t.name));
  }
  return ordered;
}

const orderBy = (t: TableInfo) => (t.primaryKey.length ? t.primaryKey.map(q).join(', ') : 'r::text');

/** Rows per table and an md5 of every row's text in key order: equal sums mean equal tables. */
export async function tableSums(session: SqlSession, tables: TableInfo[]): Promise<TableSum[]> {
  const sums: TableSum[] = [];
  for (const t of tables) {
    const { rows } = await session.query<{ n: number | string; md5: string }>(
      `select count(*) as n, md5(coalesce(string_agg(r::text, E'\\n' order by ${orderBy(t)}), '')) as md5
       from ${q(t.name)} r`,
    );
    sums.push({ table: t.name, rows: Number(rows[0].n), md5: rows[0].md5 });
  }
  return sums;
}

/** Tables that hold rows, with their counts. */
export async function nonEmptyTables(session: SqlSession, tables: TableInfo[]) {
  const found: { table: string; rows: number }[] = [];
  for (const t of tables) {
    const { rows } = await session.query<{ n: number | string }>(`select count(*) as n from ${q(t.name)}`);
    if (Number(rows[0].n) > 0) found.push({ table: t.name, rows: Number(rows[0].n) });
  }
  return found;
}

/** Largest batch: PostgreSQL takes at most 65,535 parameters in one statement. */
const batchRows = (columns: number) => Math.max(1, Math.min(500, Math.floor(60_000 / columns)));

/**
 * Copies one table's rows through a cursor on `source` (which must be inside a transaction) into `target`: each
 * value travels as text and the target parses it as its column's type, so nothing is rounded on the way (a
 * JavaScript Date would drop a timestamp's microseconds).
 */
export async function copyTable(
  source: SqlSession,
  target: SqlSession,
  table: TableInfo,
  onRows: (copied: number) => void,
) {
  const columns = table.columns.filter((c) => !c.generated);
  const select = columns.map((c, i) => `${q(c.name)}::text as c${i}`).join(', ');
  const cursor = `copy_${table.name}`;
  await source.query(`declare ${q(cursor)} no scroll cursor for select ${select} from ${q(table.name)} r
    order by ${orderBy(table)}`);
  const size = batchRows(columns.length);
  const names = columns.map((c) => q(c.name)).join(', ');
  const overriding = columns.some((c) => c.identity) ? ' overriding system value' : '';
  let copied = 0;
  for (;;) {
    const { rows } = await source.query<Record<string, string | null>>(`fetch forward ${size} from ${q(cursor)}`);
    if (!rows.length) break;
    const values: (string | null)[] = [];
    const tuples = rows.map((row) => {
      const marks = columns.map((_, i) => {
        values.push(row[`c${i}`]);
        return `$${values.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await target.query(`insert into ${q(table.name)} (${names})${overriding} values ${tuples.join(', ')}`, values);
    copied += rows.length;
    onRows(copied);
  }
  await source.query(`close ${q(cursor)}`);
}

/** Moves serial and identity sequences past the copied keys, so the next insert does not collide. */
export async function resetSequences(target: SqlSession, tables: TableInfo[]) {
  for (const t of tables) {
    for (const c of t.columns) {
      const { rows } = await target.query<{ seq: string | null }>('select pg_get_serial_sequence($1, $2) as seq', [
        q(t.name),
        c.name,
      ]);
      const seq = rows[0]?.seq;
      if (!seq) continue;
      await target.query(
        `select setval($1, coalesce((select max(${q(c.name)}) from ${q(t.name)}), 1),
           (select max(${q(c.name)}) from ${q(t.name)}) is not null)`,
        [seq],
      );
    }
  }
}
