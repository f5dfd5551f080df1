import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, openDatabase } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { PublicChanges } from '../apps/server/src/modules/content';
import { KIND_LIST } from '../apps/server/src/modules/kinds';
import { dataStatements, type KindKey, type RowText, type TaxonomyNames } from './data-sql';
import { ensureDatabase } from './generate';

/**
 * The data set of `npm run bench:search-scale` (search-scale.ts): a million public news and 220,000 other records
 * whose titles and texts are words a town writes, so a search's words are as common or as rare in it as on a real
 * site. Built with data-sql.ts's statements, given these counts, names and text generators.
 *
 * Text is drawn per row from a hash of the row number (repeatable, like data-sql.ts's `h`): each word from a
 * vocabulary by a Zipf-like law (the word of rank r about 1/(r ln N) of draws: `floor(N^u)`, u uniform), so the first
 * words are in most records and the last in a few hundred; and now and then a name made of three syllables of a
 * hundred (a million names), each in a handful of records: the rare words.
 */

export const DEFAULT_SCALE_URL = 'postgres://postgres@127.0.0.1:5432/chaupal_search_scale';

export const SCALE_COUNTS: Record<KindKey, number> = {
  news: 1_000_000,
  expert: 100_000,
  outlet: 100_000,
  feature: 20_000,
};

export const SCALE_NAMES: TaxonomyNames = {
  circles: [
    'Riverside',
    'Station Road',
    'Civil Lines',
    'Old City',
    'Sadar Bazaar',
    'Cantonment',
    'Model Town',
    'Railway Colony',
    'Industrial Area',
    'Lake View',
    'Gandhi Nagar',
    'Subhash Chowk',
    'Nehru Park',
    'Ram Nagar',
    'Collectorate',
  ],
  blocks: [
    'Shivaji Nagar',
    'Patel Nagar',
    'Tilak Nagar',
    'Ashok Vihar',
    'Indira Colony',
    'Rajiv Chowk',
    'Bus Stand',
    'Clock Tower',
    'Ghanta Ghar',
    'Kotwali',
    'Naya Bazaar',
    'Purana Qila',
    'Mandi Gate',
    'Jail Road',
    'Hospital Road',
    'College Road',
    'Canal Road',
    'Mall Road',
    'Court Road',
    'Kutchery Chowk',
    'Sabzi Mandi',
    'Anaj Mandi',
    'Lohar Gali',
    'Sunar Gali',
    'Kumhar Mohalla',
    'Teli Mohalla',
    'Qazi Mohalla',
    'Hanuman Garhi',
    'Shiv Puri',
    'Durga Colony',
    'Kali Bari',
    'Gurudwara Road',
    'Masjid Road',
    'Church Road',
    'Idgah Colony',
    'Azad Nagar',
    'Bhagat Singh Colony',
    'Ambedkar Nagar',
    'Vivekanand Puri',
    'Tagore Lane',
    'Sarojini Nagar',
    'Lajpat Nagar',
    'Kamla Nagar',
    'Mahavir Colony',
    'Jawahar Nagar',
    'Krishna Vihar',
    'Saket Colony',
    'Janakpuri',
    'Rajendra Nagar',
    'Vijay Nagar',
    'Sultanpur',
    'Rampur Khurd',
    'Bhawanipur',
    'Lalbagh',
    'Kishanganj',
    'Chandni Chowk',
    'Sitapur Road',
    'Dak Bangla',
    'Power House',
    'Pani Tanki',
  ],
  services: [
    'Plumbers',
    'Electricians',
    'Doctors',
    'Lawyers',
    'Tutors',
    'Carpenters',
    'Beauticians',
    'Painters',
    'Mechanics',
    'Tailors',
  ],
  categories: [
    'Pharmacy',
    'Grocery',
    'Bakery',
    'Hardware',
    'Sweets',
    'Stationery',
    'Clothing',
    'Restaurants',
    'Electronics',
    'Jewellers',
  ],
  editions: ['City', 'Sports', 'Education', 'Health', 'Business', 'Politics'],
  pages: ['Culture', 'Food', 'People', 'Heritage', 'Festivals', 'Farming', 'Youth', 'Travel'],
};

/** Words of running text that titles do not use: the most common words of a body, never in a title. */
const TEXT_ONLY = `the of and in to a is for on was with said by at from has have this that it will are be as an
which after also their its were been more over reportedly officials residents meanwhile however according`;

/** A town's words, most common first (rank decides how many records hold a word). */
const TOWN = `new road market school temple ward water city police festival bus station hospital college shop main old
local village district power street fair price board council mandi bazaar chowk nagar colony gali mohalla sharma
gupta verma singh yadav patel khan agarwal jain mishra tiwari pandey chauhan kumar devi lal prasad ram shiv krishna
ganesh durga hanuman masjid church gurudwara mela puja diwali holi eid navratri dussehra chhath rakhi lohri pongal
municipal corporation panchayat sarpanch councillor mla collector tehsil block office court bank post library park
garden pond lake river canal bridge flyover railway crossing traffic jam parking pothole drain sewer pipeline supply
electricity cut outage streetlight transformer tanker tap borewell well exam result admission students teachers
class coaching tuition hostel scholarship cricket match tournament kabaddi football stadium team club rally camp
blood donation vaccination dengue malaria clinic ambulance medicine doctor nurse patient chemist pharmacy
grocery bakery sweets kirana dairy milk paneer ghee vegetable sabzi fruit onion tomato potato wheat rice dal sugar
tea chai samosa kachori jalebi lassi dhaba restaurant hotel lodge tailor plumber electrician carpenter painter
mechanic lawyer tutor beautician jeweller hardware stationery clothing saree kurta shoes electronics mobile repair
service vendor hawker rickshaw auto taxi tempo tractor truck bike scooter petrol diesel gas cylinder
ration card aadhaar pension scheme subsidy loan farmer crop harvest rain monsoon flood drought heat cold fog storm
weather temperature mosquito garbage cleanliness swachh plastic ban drive campaign protest dharna strike meeting
election vote voter candidate party leader minister speech inauguration foundation stone project budget fund grant
tender contract work construction building house plot land property rent shopkeeper traders association union
youth women children elderly family wedding baraat procession function ceremony celebration culture music dance
drama theatre cinema film song poet poetry book writer artist painting craft pottery handloom weaving embroidery
heritage fort haveli palace ghat tomb museum history tourist travel trip picnic yoga gym health fitness sports
business trade industry factory mill workers labour jobs employment skill training centre computer internet wifi
online digital app payment upi cash atm branch manager staff officer inspector constable thana fir theft robbery
accident injured killed arrested case hearing judge verdict bail jail fine challan helmet licence registration
certificate document form application deadline notice order survey census record complaint grievance helpline
number phone call message news report reporter editor paper morning evening night today yesterday tomorrow week
month year annual first second third last best top big small free open closed near far east west north south
upper lower bypass highway link lane sector phase zila`;

/** Consonants and vowels of the syllables names are made of (20 × 5 = 100 syllables). */
const CONSONANTS = [
  'k',
  'kh',
  'g',
  'ch',
  'j',
  't',
  'd',
  'n',
  'p',
  'b',
  'm',
  'y',
  'r',
  'l',
  'v',
  's',
  'sh',
  'h',
  'bh',
  'dh',
];
const VOWELS = ['a', 'i', 'u', 'e', 'o'];
const SYLLABLES = CONSONANTS.flatMap((c) => VOWELS.map((v) => c + v));

/** Words of the vocabulary titles are drawn from (the town's, then made-up ones to this size). */
export const VOCABULARY_SIZE = 4000;

/** A repeatable pseudo-random sequence (mulberry32), for the made-up words. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The vocabulary, most common first: the town's words, then made-up words (a consonant cluster in each, like
 * "bandu" or "tolkim", so none is one of the three-syllable names) to VOCABULARY_SIZE.
 */
function vocabulary(): string[] {
  const words = [...new Set(TOWN.split(/\s+/).filter(Boolean))];
  const seen = new Set([...words, ...TEXT_ONLY.split(/\s+/)]);
  const rand = prng(20261128);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const single = ['b', 'd', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v'];
  while (words.length < VOCABULARY_SIZE) {
    const word = `${pick(single)}${pick(VOWELS)}${pick(single)}${pick(single)}${pick(VOWELS)}${rand() < 0.4 ? pick(single) : ''}`;
    if (!seen.has(word) && word[2] !== word[3]) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

export const TITLE_WORDS: readonly string[] = vocabulary();
/** Running text's vocabulary: the words titles do not use first (so `the` is in nearly every body), then the rest. */
export const TEXT_WORDS: readonly string[] = [...TEXT_ONLY.split(/\s+/).filter(Boolean), ...TITLE_WORDS];

const jsonb = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''")}'::jsonb`;
/** The vocabularies and syllables as one row every content row is joined to (read by `->>`, in constant time). */
const VOCABULARY_FROM = `cross join (select ${jsonb(TITLE_WORDS)} tw, ${jsonb(TEXT_WORDS)} xw, ${jsonb(SYLLABLES)} sy) voc`;

/** A 31-bit hash of row `g`, kind `k`, field `f` and word `j` (an SQL expression). */
const hash = (k: number, f: number, j: string) =>
  `(hashint8(((g::bigint * 4 + ${k}) * 16 + ${f}) * 256 + ${j}) & 2147483647)`;
/** Word `j` of field `f`: a Zipf-like pick from the vocabulary `v` (`tw` or `xw`) of `n` words. */
const zipfWord = (v: 'tw' | 'xw', n: number, k: number, f: number) =>
  `voc.${v} ->> (floor(exp((${hash(k, f, 'j')}::float8 / 2147483648.0) * ${Math.log(n + 1)}))::int - 1)`;
/** A name of three syllables, one of a million, from the hash of word `j` of field `f`. */
const nameWord = (k: number, f: number) => {
  const x = hash(k, f, 'j + 128');
  return `(voc.sy ->> (${x} % 100)) || (voc.sy ->> (${x} / 100 % 100)) || (voc.sy ->> (${x} / 10000 % 100))`;
};

/**
 * `min`–`max` words of field `f` from vocabulary `v`, one of them (for `nameShare` of the rows) a name, joined by
 * spaces; the row-level hash (word 0) picks how many words, whether there is a name and where.
 */
function words(v: 'tw' | 'xw', k: number, f: number, min: number, max: number, nameShare: number) {
  const n = v === 'tw' ? TITLE_WORDS.length : TEXT_WORDS.length;
  const row = hash(k, f, '0');
  const count = `(${min} + ${row} % ${max - min + 1})`;
  const namePos = `(case when ${row} / ${max - min + 1} % 100 < ${Math.round(nameShare * 100)}
    then 1 + ${row} / ${(max - min + 1) * 100} % ${count} else 0 end)`;
  return `(select string_agg(case when j = ${namePos} then ${nameWord(k, f)} else ${zipfWord(v, n, k, f)} end, ' ')
    from generate_series(1, ${count}) j)`;
}

/**
 * Titles of 4–9 words (half with a name), capitalised; descriptions of 10–25 words of running text (half with a name);
 * bodies of two paragraphs of 30–70 words for news and features, one of 20–60 for experts and outlets, each with a name.
 */
function scaleText(kind: KindKey, k: number): RowText {
  const long = kind === 'news' || kind === 'feature';
  return {
    title: `initcap(${words('tw', k, 0, 4, 9, 0.5)})`,
    description: words('xw', k, 1, 10, 25, 0.5),
    content: long
      ? `'<p>' || ${words('xw', k, 2, 30, 70, 1)} || '</p><p>' || ${words('xw', k, 3, 30, 70, 1)} || '</p>'`
      : `'<p>' || ${words('xw', k, 2, 20, 60, 1)} || '</p>'`,
  };
}

/** The statements that fill the search-scale database; content rows 50,000 to a statement, for progress. */
export const scaleStatements = (counts: Record<KindKey, number> = SCALE_COUNTS): string[] =>
  dataStatements({
    counts,
    names: SCALE_NAMES,
    text: scaleText,
    from: VOCABULARY_FROM,
    // Every record public: the counts are the public records a search reads.
    pendingPercent: 0,
    chunk: 50_000,
  });

/** Tables the statements fill: their indexes (other than keys) are dropped for the fill and built again after. */
const FILLED = [
  'news',
  'experts',
  'outlets',
  'features',
  'news_circles',
  'news_blocks',
  'expert_circles',
  'expert_blocks',
  'expert_services',
  'outlet_circles',
  'outlet_blocks',
  'outlet_categories',
  'feature_circles',
  'feature_blocks',
  'documents',
];

export interface ScaleInfo {
  /** Seconds spent generating, or the seconds recorded when the data was made (null if unknown). */
  generatedSeconds: number | null;
  /** Whether this run generated the data. */
  generatedNow: boolean;
  databaseSize: string;
  /** Public records per kind. */
  publicCounts: Record<string, number>;
  /** Table (heap + TOAST) and index sizes of the big tables. */
  tableSizes: { table: string; heap: string; indexes: string }[];
  postgresVersion: string;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function fill(client: pg.Client, counts: Record<KindKey, number>, log: (line: string) => void): Promise<number> {
  const statements = scaleStatements(counts);
  const started = performance.now();
  log(
    `generating ${Object.entries(counts)
      .map(([k, n]) => `${n.toLocaleString('en')} ${k}`)
      .join(', ')} (${statements.length} statements)…`,
  );
  // One transaction: an interrupted run leaves an empty database, never a half-filled one that looks done.
  await client.query('begin');
  await client.query('set local jit = off');
  await client.query(`set local maintenance_work_mem = '1GB'`);
  await client.query(`set local work_mem = '256MB'`);
  // The rows are made consistent (every id they link to exists): a superuser skips the foreign keys' per-row checks.
  const { rows: su } = await client.query('select rolsuper from pg_roles where rolname = current_user');
  if (su[0]?.rolsuper) await client.query('set local session_replication_role = replica');
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relname = any($1) and c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [FILLED],
  );
  for (const i of indexes) await client.query(`drop index ${i.name}`);
  log(`  dropped ${indexes.length} indexes of the filled tables, to build them once the rows are in`);
  for (const [n, statement] of statements.entries()) {
    const t = performance.now();
    const { rowCount } = await client.query(statement);
    const what = /^\s*insert into (\w+)/.exec(statement)?.[1] ?? 'statement';
    log(
      `  ${n + 1}/${statements.length} ${what}: ${rowCount ?? 0} rows, ${seconds(t)} s (total ${seconds(started)} s)`,
    );
  }
  const t = performance.now();
  const changes = new PublicChanges(drizzle(client, { schema }) as unknown as Db, KIND_LIST);
  changes.allRecords();
  await changes.flush();
  log(`  visibility and circle listings (PublicChanges): ${seconds(t)} s`);
  for (const [n, i] of indexes.entries()) {
    const at = performance.now();
    await client.query(i.def);
    log(`  index ${n + 1}/${indexes.length} ${i.name}: ${seconds(at)} s`);
  }
  // The fill ran without triggers (replica role): search's dictionary is built from the rows in one pass.
  const l = performance.now();
  await client.query('select search_lexicon_refresh()');
  log(`  search lexicon: ${seconds(l)} s`);
  await client.query('commit');
  const v = performance.now();
  // VACUUM (not only ANALYZE) sets the visibility map, which index-only scans need, as autovacuum would.
  await client.query('vacuum analyze');
  log(`  vacuum analyze: ${seconds(v)} s`);
  return (performance.now() - started) / 1000;
}

const commentKey = 'chaupal search-scale';

/** Creates, migrates and fills the search-scale database unless it is already filled; says what it holds. */
export async function generateScaleData(
  url: string,
  opts: { regenerate?: boolean; log?: (line: string) => void; counts?: Record<KindKey, number> } = {},
): Promise<ScaleInfo> {
  const counts = opts.counts ?? SCALE_COUNTS;
  const log = opts.log ?? ((l: string) => process.stdout.write(`${l}\n`));
  await ensureDatabase(url, opts.regenerate ?? false, log);
  const database = await openDatabase({ url });
  await database.migrate();
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int c from news');
    let generatedSeconds: number | null = null;
    const generatedNow = rows[0].c === 0;
    if (rows[0].c !== 0 && rows[0].c !== counts.news) {
      throw new Error(
        `the search-scale database holds ${rows[0].c} news rows, not ${counts.news}: run with BENCH_REGENERATE=1`,
      );
    }
    const dbName = (await client.query('select current_database() d')).rows[0].d as string;
    if (generatedNow) {
      generatedSeconds = await fill(client, counts, log);
      log(`generated in ${generatedSeconds.toFixed(1)} s`);
      const note = JSON.stringify({ [commentKey]: { generatedSeconds, at: new Date().toISOString() } });
      await client.query(`comment on database "${dbName.replace(/"/g, '""')}" is '${note.replace(/'/g, "''")}'`);
    } else {
      const { rows: c } = await client.query(
        'select shobj_description(oid, $1) d from pg_database where datname = current_database()',
        ['pg_database'],
      );
      try {
        generatedSeconds = JSON.parse(c[0]?.d ?? '{}')[commentKey]?.generatedSeconds ?? null;
      } catch {
        generatedSeconds = null;
      }
      log('search-scale data already present (BENCH_REGENERATE=1 rebuilds it)');
    }
    const one = async (q: string) => (await client.query(q)).rows[0];
    const publicCounts: Record<string, number> = {};
    for (const table of ['news', 'experts', 'outlets', 'features']) {
      publicCounts[table] = (await one(`select count(*)::int c from ${table} where is_public`)).c;
    }
    const { rows: sizes } = await client.query<{ table: string; heap: string; indexes: string }>(
      `select c.relname as table, pg_size_pretty(pg_table_size(c.oid)) heap, pg_size_pretty(pg_indexes_size(c.oid)) indexes
         from pg_class c where c.relname = any($1) and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc`,
      [FILLED.slice(0, 6)],
    );
    return {
      generatedSeconds,
      generatedNow,
      databaseSize: (await one('select pg_size_pretty(pg_database_size(current_database())) s')).s,
      publicCounts,
      tableSizes: sizes,
      postgresVersion: (await one(`select split_part(version(), ' on ', 1) v`)).v,
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
