/**
 * The SQL that fills a benchmark database: set-based INSERT … SELECT over generate_series, so 200k content rows and
 * their links take seconds, not the minutes row-by-row inserts would. `DATA_STATEMENTS` is `npm run bench`'s data set
 * (titles like "News item 123"); `dataStatements` builds others from counts, names and text generators
 * (search-scale-data.ts: a million news with words to search).
 */

export const NEWS_COUNT = 100_000;
export const OTHER_COUNT = 20_000;

/** A content kind's key, as the join tables and `documents.owner_kind` name it. */
export type KindKey = 'expert' | 'outlet' | 'news' | 'feature';

/** A pseudo-random, repeatable number per row `g` and purpose `salt` (so every run builds the same data). */
export const h = (salt: number) => `(hashint4(g * 16 + ${salt}) & 2147483647)`;
/** Spread over the last two years. */
const when = `now() - (${h(7)} % 63072000) * interval '1 second'`;
/** Ids derived from the row number, so join rows can be generated without reading the content back. */
const idOf = (key: string) => `md5('${key}:' || g)::uuid`;
/** Arrays of taxonomy ids in position order, indexable by a 1-based pick. */
const TAX = `(select
  (select array_agg(id order by position) from circles) circles,
  (select array_agg(id order by position) from blocks) blocks,
  (select array_agg(id order by position) from services) services,
  (select array_agg(id order by position) from categories) categories,
  (select array_agg(id order by position) from editions) editions,
  (select array_agg(id order by position) from pages) pages,
  (select array_agg(id order by email) from users) users) t`;

/** Circles and localities: the links below pick a locality among the four of the row's circle, so 15 and 60. */
const CIRCLES = 15;
const BLOCKS = 60;

/** The taxonomy a data set is filed under, by name, in position order. */
export interface TaxonomyNames {
  circles: readonly string[];
  blocks: readonly string[];
  services: readonly string[];
  categories: readonly string[];
  editions: readonly string[];
  pages: readonly string[];
}

/** SQL expressions (of the row number `g` and the FROM items) for a content row's searchable text. */
export interface RowText {
  title: string;
  description: string;
  content: string;
}

/** What a data set holds; every field but `counts` defaults to `npm run bench`'s data. */
export interface DataShape {
  counts: Record<KindKey, number>;
  /** Taxonomy names; each list given replaces the numbered one ("Circle 1"…). Circles 15, localities 60. */
  names?: Partial<TaxonomyNames>;
  /** The searchable text of row `g` of a kind (`kindIndex` 0–3 tells kinds apart); default "News item 123". */
  text?: (kind: KindKey, kindIndex: number) => RowText;
  /** FROM items the text expressions read, joined to every content row (`cross join (…) voc`). */
  from?: string;
  /** Per cent of records left pending moderation (3). */
  pendingPercent?: number;
  /** Content rows per INSERT statement (all of a kind in one by default), so a long fill can report progress. */
  chunk?: number;
}

interface KindSpec {
  key: KindKey;
  table: string;
  label: string;
  count: number;
  cols: string;
  vals: string;
  /** A many-to-many parent (services, categories): join table, its column, the taxonomy array and its size. */
  parent?: { join: string; column: string; tax: string; size: number };
}

const BODY = `'<p>${'Local news and directory text for the benchmark, long enough to look like a real body. '.repeat(12)}</p>'`;

/** The numbered default: "News item 123", "A short description of news item 123", one fixed body. */
const numberedText = (k: KindSpec): RowText => ({
  title: `'${k.label} ' || g`,
  description: `'A short description of ${k.label.toLowerCase()} ' || g`,
  content: BODY,
});

function kinds(shape: DataShape): KindSpec[] {
  const size = (list: keyof TaxonomyNames, n: number) => shape.names?.[list]?.length ?? n;
  return [
    {
      key: 'news',
      table: 'news',
      label: 'News item',
      count: shape.counts.news,
      cols: 'publishing_time, edition_id, reporter, location',
      vals: `${when}, t.editions[1 + ${h(1)} % ${size('editions', 6)}], 'Bench reporter', 'Bench town'`,
    },
    {
      key: 'expert',
      table: 'experts',
      label: 'Expert',
      count: shape.counts.expert,
      cols: 'call_now',
      vals: `'+919000000000'`,
      parent: { join: 'expert_services', column: 'service_id', tax: 'services', size: size('services', 10) },
    },
    {
      key: 'outlet',
      table: 'outlets',
      label: 'Outlet',
      count: shape.counts.outlet,
      cols: 'call_now, publishing_time',
      vals: `'+919000000000', ${when}`,
      parent: { join: 'outlet_categories', column: 'category_id', tax: 'categories', size: size('categories', 10) },
    },
    {
      key: 'feature',
      table: 'features',
      label: 'Feature',
      count: shape.counts.feature,
      cols: 'published_date, page_id, author',
      vals: `${when}, t.pages[1 + ${h(1)} % ${size('pages', 8)}], 'Bench author'`,
    },
  ];
}

/** Insert one or two links per row: a first pick, and for half the rows a second, different one. */
function links(k: KindSpec, join: string, column: string, tax: string, size: number, salt: number, blockOf = false) {
  const first = `${h(salt)} % ${size}`;
  const second = `(${first} + 1 + ${h(salt + 2)} % ${size - 1}) % ${size}`;
  // A locality is picked among the four that belong to the row's circle (block i lies in circle i % 15).
  const pick = (p: string, s: number) => (blockOf ? `${p} + 15 * (${h(s)} % 4)` : p);
  return `insert into ${join} (${k.key}_id, ${column})
    select ${idOf(k.key)}, t.${tax}[1 + p.pick] from generate_series(1, ${k.count}) g cross join ${TAX},
    lateral (values (${pick(first, 5)}), (case when ${h(salt + 1)} % 2 = 0 then ${pick(second, 6)} end)) p(pick)
    where p.pick is not null`;
}

/** Row ranges of `count` rows, `chunk` at a time: `1, count` when not chunked. */
function ranges(count: number, chunk?: number): [number, number][] {
  if (!chunk || chunk >= count) return [[1, count]];
  const out: [number, number][] = [];
  for (let lo = 1; lo <= count; lo += chunk) out.push([lo, Math.min(count, lo + chunk - 1)]);
  return out;
}

function kindStatements(shape: DataShape, k: KindSpec, kindIndex: number): string[] {
  const status = `case when ${h(0)} % 100 < ${shape.pendingPercent ?? 3} then 'pending' else 'active' end::content_status`;
  const text = shape.text?.(k.key, kindIndex) ?? numberedText(k);
  const from = shape.from ? ` ${shape.from}` : '';
  const series = (lo: number, hi: number) => (lo === 1 ? `generate_series(1, ${hi})` : `generate_series(${lo}, ${hi})`);
  return [
    // is_public starts as a guess (every owner and parent is active); refreshAllVisibility then makes it right.
    ...ranges(k.count, shape.chunk).map(
      ([
        lo,
        hi,
      ]) => `insert into ${k.table} (id, slug, title, description, content, status, is_public, user_id, ${k.cols})
     select ${idOf(k.key)}, '${k.label.toLowerCase().replace(/ /g, '-')}-' || g, ${text.title},
       ${text.description}, ${text.content}, ${status}, ${status} = 'active',
       t.users[1 + g % 200], ${k.vals}
     from ${series(lo, hi)} g cross join ${TAX}${from}`,
    ),
    links(k, `${k.key}_circles`, 'circle_id', 'circles', CIRCLES, 2),
    links(k, `${k.key}_blocks`, 'block_id', 'blocks', CIRCLES, 2, true),
    ...(k.parent ? [links(k, k.parent.join, k.parent.column, k.parent.tax, k.parent.size, 8)] : []),
    `insert into documents (owner_kind, owner_id, url, position)
     select '${k.key}', ${idOf(k.key)}, '/uploads/bench/${k.key}-' || g || '.pdf', 0 from generate_series(1, 25) g`,
  ];
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** `(values ('slug', 'Name', 1), …) n(slug, name, i)`: named rows in position order. */
const named = (names: readonly string[]) =>
  `(values ${names.map((n, i) => `(${quote(slugOf(n))}, ${quote(n)}, ${i + 1})`).join(', ')}) n(slug, name, i)`;

function taxonomy(names: Partial<TaxonomyNames> = {}): string[] {
  if (names.circles && names.circles.length !== CIRCLES) throw new Error(`a data set has ${CIRCLES} circles`);
  if (names.blocks && names.blocks.length !== BLOCKS) throw new Error(`a data set has ${BLOCKS} localities`);
  const place = (table: 'circles' | 'blocks', label: string, n: number) => {
    const list = names[table];
    return list
      ? `insert into ${table} (slug, name, position) select n.slug, n.name, n.i from ${named(list)}`
      : `insert into ${table} (slug, name, position) select '${label.toLowerCase()}-' || i, '${label} ' || i, i from generate_series(1, ${n}) i`;
  };
  return [
    place('circles', 'Circle', CIRCLES),
    place('blocks', 'Locality', BLOCKS),
    // Block i (0-based) lies in circle i % 15, every third block in the next circle too.
    `insert into block_circles (block_id, circle_id)
   select b.id, c.id from blocks b join circles c on c.position = 1 + (b.position - 1) % 15
   union all select b.id, c.id from blocks b join circles c on c.position = 1 + b.position % 15 where b.position % 3 = 0`,
    ...(
      [
        ['services', 'Service', 10],
        ['categories', 'Category', 10],
        ['editions', 'Edition', 6],
        ['pages', 'Page', 8],
      ] as const
    ).map(([table, label, n]) => {
      const list = names[table];
      return list
        ? `insert into ${table} (slug, title, position) select n.slug, n.name, n.i from ${named(list)}`
        : `insert into ${table} (slug, title, position) select '${label.toLowerCase()}-' || i, '${label} ' || i, i from generate_series(1, ${n}) i`;
    }),
    `insert into users (name, email, phone, password_hash, email_verified, phone_verified)
   select 'Bench user ' || i, 'bench-user-' || i || '@example.test', '+9190000' || lpad(i::text, 5, '0'),
     '$argon2id$bench$not-a-real-hash', true, true from generate_series(1, 200) i`,
  ];
}

/** Every statement, in order: taxonomy and users first, then each content kind with its links. */
export function dataStatements(shape: DataShape): string[] {
  return [...taxonomy(shape.names), ...kinds(shape).flatMap((k, i) => kindStatements(shape, k, i))];
}

/** `npm run bench`'s data set: 100,000 news and 20,000 each of experts, outlets and features, numbered. */
export const DATA_STATEMENTS: string[] = dataStatements({
  counts: { news: NEWS_COUNT, expert: OTHER_COUNT, outlet: OTHER_COUNT, feature: OTHER_COUNT },
});
