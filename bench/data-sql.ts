/**
 * The SQL that fills the benchmark database: set-based INSERT … SELECT over generate_series, so 200k content rows and
 * their links take seconds, not the minutes row-by-row inserts would.
 */

export const NEWS_COUNT = 100_000;
export const OTHER_COUNT = 20_000;

/** A pseudo-random, repeatable number per row `g` and purpose `salt` (so every run builds the same data). */
const h = (salt: number) => `(hashint4(g * 16 + ${salt}) & 2147483647)`;
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

interface KindSpec {
  key: 'expert' | 'outlet' | 'news' | 'feature';
  table: string;
  label: string;
  count: number;
  cols: string;
  vals: string;
  /** A many-to-many parent (services, categories): join table, its column, the taxonomy array and its size. */
  parent?: { join: string; column: string; tax: string; size: number };
}

const BODY = `'<p>${'Local news and directory text for the benchmark, long enough to look like a real body. '.repeat(12)}</p>'`;
const KINDS: KindSpec[] = [
  {
    key: 'news',
    table: 'news',
    label: 'News item',
    count: NEWS_COUNT,
    cols: 'publishing_time, edition_id, reporter, location',
    vals: `${when}, t.editions[1 + ${h(1)} % 6], 'Bench reporter', 'Bench town'`,
  },
  {
    key: 'expert',
    table: 'experts',
    label: 'Expert',
    count: OTHER_COUNT,
    cols: 'call_now',
    vals: `'+919000000000'`,
    parent: { join: 'expert_services', column: 'service_id', tax: 'services', size: 10 },
  },
  {
    key: 'outlet',
    table: 'outlets',
    label: 'Outlet',
    count: OTHER_COUNT,
    cols: 'call_now, publishing_time',
    vals: `'+919000000000', ${when}`,
    parent: { join: 'outlet_categories', column: 'category_id', tax: 'categories', size: 10 },
  },
  {
    key: 'feature',
    table: 'features',
    label: 'Feature',
    count: OTHER_COUNT,
    cols: 'published_date, page_id, author',
    vals: `${when}, t.pages[1 + ${h(1)} % 8], 'Bench author'`,
  },
];

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

function kindStatements(k: KindSpec): string[] {
  const status = `case when ${h(0)} % 100 < 3 then 'pending' else 'active' end::content_status`;
  return [
    // is_public starts as a guess (every owner and parent is active); refreshAllVisibility then makes it right.
    `insert into ${k.table} (id, slug, title, description, content, status, is_public, user_id, ${k.cols})
     select ${idOf(k.key)}, '${k.label.toLowerCase().replace(/ /g, '-')}-' || g, '${k.label} ' || g,
       'A short description of ${k.label.toLowerCase()} ' || g, ${BODY}, ${status}, ${status} = 'active',
       t.users[1 + g % 200], ${k.vals}
     from generate_series(1, ${k.count}) g cross join ${TAX}`,
    links(k, `${k.key}_circles`, 'circle_id', 'circles', 15, 2),
    links(k, `${k.key}_blocks`, 'block_id', 'blocks', 15, 2, true),
    ...(k.parent ? [links(k, k.parent.join, k.parent.column, k.parent.tax, k.parent.size, 8)] : []),
    `insert into documents (owner_kind, owner_id, url, position)
     select '${k.key}', ${idOf(k.key)}, '/uploads/bench/${k.key}-' || g || '.pdf', 0 from generate_series(1, 25) g`,
  ];
}

const TAXONOMY = [
  `insert into circles (slug, name, position) select 'circle-' || i, 'Circle ' || i, i from generate_series(1, 15) i`,
  `insert into blocks (slug, name, position) select 'locality-' || i, 'Locality ' || i, i from generate_series(1, 60) i`,
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
  ).map(
    ([table, label, n]) =>
      `insert into ${table} (slug, title, position) select '${label.toLowerCase()}-' || i, '${label} ' || i, i from generate_series(1, ${n}) i`,
  ),
  `insert into users (name, email, phone, password_hash, email_verified, phone_verified)
   select 'Bench user ' || i, 'bench-user-' || i || '@example.test', '+9190000' || lpad(i::text, 5, '0'),
     '$argon2id$bench$not-a-real-hash', true, true from generate_series(1, 200) i`,
];

/** Every statement, in order: taxonomy and users first, then each content kind with its links. */
export const DATA_STATEMENTS: string[] = [...TAXONOMY, ...KINDS.flatMap(kindStatements)];
