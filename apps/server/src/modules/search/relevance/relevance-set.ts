/**
 * How well site search answers the way residents of the demo town ask: a set of queries each with the records a
 * resident expects, grouped by the kind of question. A query succeeds at 3 when an expected record is among the first
 * three hits; its reciprocal rank is 1/rank of the first expected hit in the first ten (0 when none). Expected records
 * are read from the demo town itself (which plumbers are in Riverside is the seed's choice), so the set holds whatever
 * the seed places where. Run in the tests (relevance.test.ts, on both databases) and by `npm run bench:relevance`.
 */

export interface Ref {
  kind: string;
  slug: string;
}
export interface RelevanceQuery {
  group: string;
  q: string;
  expect: Ref[];
}
interface Hit {
  kind: string;
  slug: string;
  title: string;
}
interface Listing {
  slug: string;
  title: string;
  content: string;
  description: string;
  circles: { name: string }[];
  blocks: { name: string }[];
}

export const RELEVANCE_GROUPS = [
  'what + where',
  'service word',
  'synonym',
  'Hindi and Hinglish',
  'name',
  'misspelling',
] as const;

export interface Answered extends RelevanceQuery {
  /** The rank of the first expected hit in the first ten, 0 when none. */
  rank: number;
  /** The first three hits, as `kind:title`. */
  top: string[];
}

export interface Figures {
  n: number;
  at3: number;
  mrr: number;
}

/** success@3 and MRR of some answered queries. */
export function figures(rows: readonly Answered[]): Figures {
  return {
    n: rows.length,
    at3: rows.filter((r) => r.rank > 0 && r.rank <= 3).length / rows.length,
    mrr: rows.reduce((sum, r) => sum + (r.rank ? 1 / r.rank : 0), 0) / rows.length,
  };
}

/** Each query of the set asked of the search (`get` reads an API path's JSON). */
export async function answerSet(get: Get): Promise<Answered[]> {
  const answered: Answered[] = [];
  for (const query of await buildSet(get)) {
    const hits = (await get<{ data: Hit[] }>(`/search?q=${encodeURIComponent(query.q)}&pageSize=10`)).data;
    const rank = hits.findIndex((h) => query.expect.some((e) => e.kind === h.kind && e.slug === h.slug)) + 1;
    answered.push({ ...query, rank, top: hits.slice(0, 3).map((h) => `${h.kind}:${h.title}`) });
  }
  return answered;
}

/** The figures per group and for all, as a Markdown table, and the queries missed at 3. */
export function report(answered: readonly Answered[]): string {
  const lines = ['| queries | n | success@3 | MRR |', '|---|---:|---:|---:|'];
  for (const group of [...RELEVANCE_GROUPS, 'all']) {
    const f = figures(group === 'all' ? answered : answered.filter((r) => r.group === group));
    lines.push(`| ${group} | ${f.n} | ${f.at3.toFixed(2)} | ${f.mrr.toFixed(2)} |`);
  }
  const missed = answered.filter((x) => !(x.rank > 0 && x.rank <= 3));
  lines.push('', missed.length ? 'Missed at 3:' : 'Missed at 3: none');
  for (const r of missed) {
    const where = r.rank ? `rank ${r.rank}` : 'not in the first 10';
    lines.push(`- ${r.group}: "${r.q}" → ${where}; top: ${r.top.join(' | ') || '(none)'}`);
  }
  return lines.join('\n');
}

export type Get = <T>(path: string) => Promise<T>;

/** The query set over the seeded town: each query with the records a resident expects it to find. */
async function buildSet(get: Get): Promise<RelevanceQuery[]> {
  const services = (await get<{ data: { slug: string; title: string }[] }>('/services/view')).data;
  const categories = (await get<{ data: { slug: string; title: string }[] }>('/categories/view')).data;
  const circles = (await get<{ data: { name: string }[] }>('/circles/view')).data.map((c) => c.name);
  const experts = new Map<string, Listing[]>();
  for (const s of services) {
    experts.set(s.slug, (await get<{ data: Listing[] }>(`/experts/view?service=${s.slug}&pageSize=100`)).data);
  }
  const outlets = new Map<string, Listing[]>();
  for (const c of categories) {
    outlets.set(c.slug, (await get<{ data: Listing[] }>(`/outlets/view?category=${c.slug}&pageSize=100`)).data);
  }
  const allExperts = [...experts.values()].flat();
  const allOutlets = [...outlets.values()].flat();

  /** A taxon and everything filed under it: what a word for the service or category should find. */
  // A taxon on hold is not public: a query for it expects nothing, and is left out of the set.
  const service = (slug: string): Ref[] =>
    experts.has(slug)
      ? [{ kind: 'service', slug }, ...(experts.get(slug) ?? []).map((e) => ({ kind: 'expert', slug: e.slug }))]
      : [];
  const category = (slug: string): Ref[] =>
    outlets.has(slug)
      ? [{ kind: 'category', slug }, ...(outlets.get(slug) ?? []).map((o) => ({ kind: 'outlet', slug: o.slug }))]
      : [];
  const inCircle = (list: Listing[] | undefined, kind: string, circle: string): Ref[] =>
    (list ?? []).filter((l) => l.circles.some((c) => c.name === circle)).map((l) => ({ kind, slug: l.slug }));
  const named = (title: string): Ref[] => {
    const e = allExperts.find((x) => x.title.startsWith(title));
    const o = allOutlets.find((x) => x.title.startsWith(title));
    return e ? [{ kind: 'expert', slug: e.slug }] : o ? [{ kind: 'outlet', slug: o.slug }] : [];
  };

  const inBlock = (list: Listing[] | undefined, kind: string, block: string): Ref[] =>
    (list ?? []).filter((l) => l.blocks.some((b) => b.name === block)).map((l) => ({ kind, slug: l.slug }));
  const titled = (word: string): Ref[] => [
    ...allExperts.filter((x) => x.title.includes(word)).map((x) => ({ kind: 'expert', slug: x.slug })),
    ...allOutlets.filter((x) => x.title.includes(word)).map((x) => ({ kind: 'outlet', slug: x.slug })),
  ];
  const news = (await get<{ data: { slug: string; title: string }[] }>('/newss/view?pageSize=100')).data;
  const article = (part: string): Ref[] =>
    news.filter((n) => n.title.includes(part)).map((n) => ({ kind: 'news', slug: n.slug }));

  const set: RelevanceQuery[] = [];
  const add = (group: string, q: string, expect: Ref[]) => {
    if (expect.length) set.push({ group, q, expect });
  };

  // What + where: a service or category word with a circle's name, as residents type it.
  const words: [string, 'service' | 'category', string][] = [
    ['plumber', 'service', 'plumbers'],
    ['doctor', 'service', 'doctors'],
    ['lawyer', 'service', 'lawyers'],
    ['electrician', 'service', 'electricians'],
    ['tutor', 'service', 'tutors'],
    ['carpenter', 'service', 'carpenters'],
    ['chemist', 'category', 'pharmacy'],
    ['grocery', 'category', 'grocery'],
    ['bakery', 'category', 'bakery'],
    ['hardware shop', 'category', 'hardware'],
  ];
  const joins = ['', 'in ', 'near '];
  let i = 0;
  for (const [word, kind, slug] of words) {
    for (const circle of circles) {
      const expect =
        kind === 'service'
          ? inCircle(experts.get(slug), 'expert', circle)
          : inCircle(outlets.get(slug), 'outlet', circle);
      if (!expect.length) continue;
      add('what + where', `${word} ${joins[i++ % joins.length]}${circle.toLowerCase()}`, expect);
      break;
    }
  }
  for (const circle of circles.slice(0, 3))
    add('what + where', `plumber ${circle.toLowerCase()}`, inCircle(experts.get('plumbers'), 'expert', circle));

  // A locality's name, with the words that join it, as the residents asked.
  for (const [q, list, kind, block] of [
    ['doctor in shivaji nagar', experts.get('doctors'), 'expert', 'Shivaji Nagar'],
    ['chemist near subhash nagar', outlets.get('pharmacy'), 'outlet', 'Subhash Nagar'],
    ['lawyer station road', experts.get('lawyers'), 'expert', 'Station Road'],
  ] as [string, Listing[] | undefined, string, string][])
    add('what + where', q, inBlock(list, kind, block));
  add('what + where', 'lawyer railway colony', inCircle(experts.get('lawyers'), 'expert', 'Railway Colony'));

  // A service or category word alone finds it or what is under it.
  for (const [q, slug] of [
    ['plumber', 'plumbers'],
    ['plumbers', 'plumbers'],
    ['doctor', 'doctors'],
    ['lawyers', 'lawyers'],
    ['electrician', 'electricians'],
    ['tutor', 'tutors'],
    ['carpenter', 'carpenters'],
    ['beautician', 'beauticians'],
    ['pest control', 'pest-control'],
    ['chartered accountant', 'chartered-accountants'],
  ])
    add('service word', q, service(slug));
  for (const [q, slug] of [
    ['pharmacy', 'pharmacy'],
    ['bakery', 'bakery'],
    ['furniture', 'furniture'],
    ['stationery', 'stationery'],
  ])
    add('service word', q, category(slug));

  // The words residents use for the same thing.
  for (const [q, ref] of [
    ['vakil', service('lawyers')],
    ['advocate', service('lawyers')],
    ['chemist', category('pharmacy')],
    ['medical store', category('pharmacy')],
    ['dawai dukan', category('pharmacy')],
    ['kirana', category('grocery')],
    ['kirana store', category('grocery')],
    ['coaching', service('tutors')],
    ['tuition', service('tutors')],
    ['bijli mistri', service('electricians')],
    ['CA', service('chartered-accountants')],
    ['beauty parlour', service('beauticians')],
    ['dentist', named('Smile Dental Care')],
    ['AC repair', named('Voltage Fix')],
  ] as [string, Ref[]][])
    add('synonym', q, ref);
  const wifi = [...allExperts.map((e) => ['expert', e] as const), ...allOutlets.map((o) => ['outlet', o] as const)]
    .filter(([, l]) => /wi-?fi/i.test(`${l.description} ${l.content}`))
    .map(([kind, l]) => ({ kind, slug: l.slug }));
  add('synonym', 'free wifi', wifi);

  // Devanagari and Hinglish.
  for (const [q, ref] of [
    ['प्लंबर', service('plumbers')],
    ['डॉक्टर', service('doctors')],
    ['वकील', service('lawyers')],
    ['बिजली मिस्त्री', service('electricians')],
    ['दवाई की दुकान', category('pharmacy')],
    ['किराना', category('grocery')],
    ['ट्यूशन', service('tutors')],
    ['बढ़ई', service('carpenters')],
    ['bijli wala', service('electricians')],
    ['dawai', category('pharmacy')],
    ['nal wala', service('plumbers')],
    // Names and places in Devanagari find records written in English; Hindi words find Hindi records.
    ['शर्मा', titled('Sharma')],
    ['मीरा', named('Dr. Meera Iyer')],
    ['गुप्ता प्लंबिंग', named('Gupta Plumbing Works')],
    ['किशन लाल', named('Kishan Lal')],
    ['डॉक्टर शिवाजी नगर', inBlock(experts.get('doctors'), 'expert', 'Shivaji Nagar')],
    ['साप्ताहिक हाट', article('साप्ताहिक हाट')],
    ['सिटी बस सेवा', article('सिटी बस सेवा')],
    ['खो-खो प्रतियोगिता', article('खो-खो')],
  ] as [string, Ref[]][])
    add('Hindi and Hinglish', q, ref);

  // People and businesses by name, with honorifics or in part.
  for (const [q, title] of [
    ['dr sharma', 'Sharma & Associates'],
    ['meera iyer', 'Dr. Meera Iyer'],
    ['dr meera', 'Dr. Meera Iyer'],
    ['gupta plumbing', 'Gupta Plumbing Works'],
    ['adv nandini rao', 'Adv. Nandini Rao'],
    ['salim khan', 'Pipeline Solutions by Salim Khan'],
    ['ca pooja', 'CA Pooja Malhotra'],
    ['excel coaching', 'Excel Coaching Classes'],
    ['smile dental', 'Smile Dental Care'],
    ['kishan lal', 'Kishan Lal'],
    ['shri ramesh yadav', 'Ramesh Yadav'],
  ])
    add('name', q, named(title));

  // Misspellings.
  for (const [q, ref] of [
    ['plumbr', service('plumbers')],
    ['electrican', service('electricians')],
    ['docter', service('doctors')],
    ['lawer', service('lawyers')],
    ['pharmcy', category('pharmacy')],
    ['bakry', category('bakery')],
    ['carpentr', service('carpenters')],
  ] as [string, Ref[]][])
    add('misspelling', q, ref);
  return set;
}
