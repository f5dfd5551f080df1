/**
 * What the soak asks for: the public pages and API of whatever the server holds, found by walking its sitemaps and
 * API lists (so every slug is real), and a trickle of writes from a signed-in contributor and the contact form.
 */

const API = '/api/backend/v1';

/** A public kind: its list endpoint, parent filter, slug endpoint, the page path its sitemap uses, its writes. */
const KINDS = [
  { list: '/experts/view', parent: 'service', taxa: '/services/view', slug: '/experts/slug/', page: '/experts/' },
  { list: '/outlets/view', parent: 'category', taxa: '/categories/view', slug: '/outlets/slug/', page: '/outlets/' },
  { list: '/newss/view', parent: 'edition', taxa: '/editions/view', slug: '/newss/slug/', page: '/news/' },
  { list: '/blog', parent: 'publishing_Page', taxa: '/pages', slug: '/blog/slug/', page: '/article/' },
] as const;
const WRITABLE = [
  { mine: '/experts/get/user', edit: (id: string) => `/expert/edit/${id}` },
  { mine: '/outlets/view/user', edit: (id: string) => `/outlet/edit/${id}` },
  { mine: '/newss/view/user', edit: (id: string) => `/news/edit/${id}` },
  { mine: '/blog/user', edit: (id: string) => `/blog/${id}` },
] as const;

async function getJson<T>(url: string, headers?: Record<string, string>): Promise<T> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function locs(url: string): Promise<string[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

interface Row {
  id: string;
  slug?: string;
  title?: string;
}

/** Every public URL worth asking for, each checked once to answer 200 (a 5xx stops the soak before it starts). */
export async function discoverPaths(base: string, say: (line: string) => void): Promise<string[]> {
  const paths = new Set<string>(['/', '/about', '/contact', '/robots.txt', '/favicon.svg', '/sitemap.xml']);
  paths.add('/rss/news.xml');
  for (const sitemap of await locs(`${base}/sitemap.xml`)) {
    paths.add(sitemap);
    for (const page of await locs(base + sitemap)) paths.add(page);
  }
  // The browser assets a first visit loads.
  const home = await (await fetch(`${base}/`)).text();
  for (const m of home.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) paths.add(m[1]);

  for (const p of ['/home', '/circles/view', '/blocks/view', '/policy/viewall/public']) paths.add(API + p);
  const circles = (await getJson<{ data: Row[] }>(`${base}${API}/circles/view`)).data;
  const policies = (await getJson<{ data: Row[] }>(`${base}${API}/policy/viewall/public`)).data;
  for (const p of policies) paths.add(`${API}/policy/view/${p.id}/public`);
  const words = new Set<string>();
  for (const k of KINDS) {
    paths.add(API + k.taxa);
    paths.add(`${API}${k.list}`);
    paths.add(`${API}${k.list}?page=2&pageSize=12`);
    for (const t of (await getJson<{ data: Row[] }>(base + API + k.taxa)).data) {
      paths.add(`${API}${k.taxa}/${t.id}`);
      paths.add(`${API}${k.list}?${k.parent}=${t.id}`);
      if (t.slug) paths.add(`${API}${k.taxa}/${t.slug}`);
    }
    for (const c of circles) paths.add(`${API}${k.list}?circle=${c.id}`);
    for (const r of (await getJson<{ data: Row[] }>(`${base}${API}${k.list}?pageSize=50`)).data) {
      if (r.slug) paths.add(API + k.slug + encodeURIComponent(r.slug));
      const word = /[a-z]{4,}/.exec((r.title ?? '').toLowerCase())?.[0];
      if (word) words.add(word);
    }
  }
  // Searches: API lists and list pages, with and without hits.
  const pages = [...paths].filter((p) => /^\/(service|category|edition|page)\/[^/]+$/.test(p));
  for (const w of [...words, 'zzqx', 'market'].slice(0, 24)) {
    for (const k of KINDS) paths.add(`${API}${k.list}?q=${w}`);
    if (pages.length) paths.add(`${pages[words.size % pages.length]}?q=${w}`);
  }
  for (const p of pages) paths.add(`${p}?page=2`);
  for (const p of [...paths].filter((x) => x.startsWith('/edition/'))) {
    paths.add(`/rss${p.replace(/\?.*/, '')}.xml`);
  }

  const ok: string[] = [];
  const skipped: string[] = [];
  for (const p of paths) {
    const res = await fetch(base + p);
    await res.arrayBuffer();
    if (res.status >= 500) throw new Error(`GET ${p}: HTTP ${res.status} before the soak started`);
    if (res.status === 200) ok.push(p);
    else skipped.push(`${p} (${res.status})`);
  }
  if (skipped.length) say(`  left out (not 200): ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? '…' : ''}`);
  return ok;
}

export interface Writer {
  /** One write: an edit of one of the contributor's records, or (every `contactEvery`th) a contact message. */
  tick(): Promise<void>;
  /** A write every `seconds` (none while the last is still under way) until `stop()`, which waits for the last. */
  start(seconds: number): { stop(): Promise<void> };
  done: number;
  failures: string[];
}

/**
 * A demo contributor edits the description of their records in turn (each edit invalidates the response cache's
 * tags of that kind), and the contact form gets a message now and then, under its per-address limit.
 */
export async function contributorWriter(
  base: string,
  account: { userName: string; password: string },
  contactEvery: number,
): Promise<Writer> {
  const login = await fetch(`${base}${API}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!login.ok) throw new Error(`cannot sign in as ${account.userName}: HTTP ${login.status}`);
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const targets: string[] = [];
  for (const w of WRITABLE) {
    for (const r of (await getJson<{ data: Row[] }>(base + API + w.mine, auth)).data) targets.push(w.edit(r.id));
  }
  if (!targets.length) throw new Error(`${account.userName} has no records to edit`);
  let n = 0;
  const writer: Writer = {
    done: 0,
    failures: [],
    async tick() {
      n++;
      let res: Response;
      if (n % contactEvery === 0) {
        res = await fetch(`${base}${API}/contact_request/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Soak Test',
            email: 'soak@example.com',
            phone: '9876543210',
            message: `Message ${n} from the soak test, checking the contact form under load.`,
          }),
        });
      } else {
        const form = new FormData();
        form.set('description', `<p>Edited by the soak test (write ${n}, ${new Date().toISOString()}).</p>`);
        res = await fetch(base + API + targets[n % targets.length], { method: 'PATCH', headers: auth, body: form });
      }
      const body = await res.text();
      if (res.ok) writer.done++;
      else writer.failures.push(`${res.status} ${body.slice(0, 200)}`);
    },
    start(seconds) {
      let running: Promise<void> | undefined;
      const timer = setInterval(() => {
        running ??= writer
          .tick()
          .catch((err: unknown) => {
            writer.failures.push(String(err));
          })
          .finally(() => {
            running = undefined;
          });
      }, seconds * 1000);
      return {
        async stop() {
          clearInterval(timer);
          await running;
        },
      };
    },
  };
  return writer;
}
