import { api } from './browser';

/** Just the parts of the API's records the journeys read. */
export interface Taxon {
  id: string;
  slug: string;
  title: string;
}
export interface Place {
  id: string;
  name: string;
}
export interface Content {
  id: string;
  slug: string;
  title: string;
  description: string;
  content?: string;
  call_now?: string;
  whatsapp_no?: string | null;
  youtube_url?: string | null;
  youtubeurl?: string | null;
  publishing_time?: string;
  metaTitle?: string;
}
/** The SPEC §8 success body: what an API answer carries under `data`. */
export interface Ok<T> {
  data: T;
}
/** A record as the journeys refer to it: its id, slug and the title or name it shows. */
export interface Ref {
  id: string;
  slug: string;
  title?: string;
  name?: string;
}
interface PageOf<T> {
  data: T[];
  meta: { total: number };
}

export type Area = 'experts' | 'outlets' | 'news' | 'features';
const LIST: Record<Area, { path: string; parent: string; index: string }> = {
  experts: { path: '/experts/view', parent: 'service', index: '/services/view' },
  outlets: { path: '/outlets/view', parent: 'category', index: '/categories/view' },
  news: { path: '/newss/view', parent: 'edition', index: '/editions/view' },
  features: { path: '/blog', parent: 'publishing_Page', index: '/pages' },
};

export const taxa = async (baseUrl: string, area: Area) => (await api<Ok<Taxon[]>>(baseUrl, LIST[area].index)).data;

export const circles = async (baseUrl: string) => (await api<Ok<Place[]>>(baseUrl, '/circles/view')).data;

export const blocks = async (baseUrl: string, circleId: string) =>
  (await api<Ok<Place[]>>(baseUrl, `/blocks/view?circles[]=${circleId}`)).data;

/** Every public record of a list (up to 100), with its filters. */
export async function list(
  baseUrl: string,
  area: Area,
  f: { parent: string; circle?: string; block?: string; q?: string },
): Promise<PageOf<Content>> {
  const qs = new URLSearchParams({ [LIST[area].parent]: f.parent, pageSize: '100' });
  if (f.circle) qs.set('circle', f.circle);
  if (f.block) qs.set('block', f.block);
  if (f.q) qs.set('q', f.q);
  return api<PageOf<Content>>(baseUrl, `${LIST[area].path}?${qs}`);
}

export interface FilterPath {
  taxon: Taxon;
  circle: Place;
  block: Place;
  all: Content[];
  inCircle: Content[];
  inBlock: Content[];
}

/**
 * A parent (service, category…) whose list a Circle narrows without emptying it, and a Locality of that circle
 * that still has records: the filter journeys need the cards to change and stay non-empty.
 */
export async function filterPath(baseUrl: string, area: Area): Promise<FilterPath> {
  const cs = await circles(baseUrl);
  for (const taxon of await taxa(baseUrl, area)) {
    const all = (await list(baseUrl, area, { parent: taxon.id })).data;
    if (all.length < 2) continue;
    for (const circle of cs) {
      const inCircle = (await list(baseUrl, area, { parent: taxon.id, circle: circle.id })).data;
      if (!inCircle.length || inCircle.length === all.length) continue;
      for (const block of await blocks(baseUrl, circle.id)) {
        const inBlock = (await list(baseUrl, area, { parent: taxon.id, circle: circle.id, block: block.id })).data;
        if (inBlock.length) return { taxon, circle, block, all, inCircle, inBlock };
      }
    }
  }
  throw new Error(`the demo data has no ${area} list that a circle and a locality narrow`);
}

/** The parent with the most public records of `area` (the service with the most experts, say). */
export async function busiestParent(baseUrl: string, area: Area): Promise<{ slug: string; id: string; total: number }> {
  let best = { slug: '', id: '', total: 0 };
  for (const t of await taxa(baseUrl, area)) {
    const { meta } = await list(baseUrl, area, { parent: t.id });
    if (meta.total > best.total) best = { slug: t.slug, id: t.id, total: meta.total };
  }
  return best;
}

/** A word of one record's title that the server-side search matches in some, not all, of the first `shown`. */
export async function searchWord(
  baseUrl: string,
  area: Area,
  parent: string,
  titles: string[],
): Promise<{ word: string; total: number }> {
  const words = [...new Set(titles.flatMap((t) => t.split(/[^\p{L}]+/u)).filter((w) => w.length >= 4))];
  for (const word of words) {
    const { meta } = await list(baseUrl, area, { parent, q: word });
    if (meta.total >= 1 && meta.total < titles.length) return { word, total: meta.total };
  }
  throw new Error(`no word of ${JSON.stringify(titles)} narrows the ${area} list`);
}

const DETAIL: Record<Area, string> = {
  experts: '/experts/slug/',
  outlets: '/outlets/slug/',
  news: '/newss/slug/',
  features: '/blog/slug/',
};

export const detail = async (baseUrl: string, area: Area, slug: string) =>
  (await api<Ok<Content>>(baseUrl, `${DETAIL[area]}${slug}`)).data;

/** Text of an HTML fragment, as a reader sees it. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
