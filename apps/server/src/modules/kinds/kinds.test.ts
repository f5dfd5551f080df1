import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CONTENT_KIND_NAMES } from '@chaupal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { USES } from '../admin/taxonomy-admin.service';
import { SEARCH_SOURCES } from '../search/search-sources';
import { SITEMAP_KINDS } from '../seo/seo.service';
import { KIND_LIST, KINDS } from '.';

const root = join(import.meta.dirname, '..', '..', '..', '..', '..');
const web = join(root, 'apps', 'web', 'src');
const catalogue = (lang: string, name: string): Record<string, string> =>
  JSON.parse(readFileSync(join(web, 'locales', lang, `${name}.json`), 'utf8'));

let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await testApp();
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
});
afterAll(() => t.close());

/**
 * Every kind the registry lists is wired everywhere a kind must be: a kind added to the registry but missing from one
 * of these places fails here, not in front of a visitor.
 */
describe.each(KIND_LIST.map((k) => [k.spec.name, k] as const))('the %s kind', (name, kind) => {
  it('is the registry entry of its name, in the contract order', () => {
    expect(KINDS[name]).toBe(kind);
    expect(Object.keys(KINDS)).toEqual(CONTENT_KIND_NAMES);
  });

  it('has a search source, under its parent taxonomy', () => {
    const i = SEARCH_SOURCES.findIndex((s) => s.kind === name);
    expect(i).toBeGreaterThan(0);
    expect(SEARCH_SOURCES[i].place).toBe(kind);
    expect(SEARCH_SOURCES[i - 1].kind).toBe(kind.spec.parent.noun);
  });

  it('has sitemap files, and its public routes answer', async () => {
    expect(SITEMAP_KINDS[kind.spec.plural].path).toBe(kind.spec.detailPath);
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain(`/sitemaps/${kind.spec.plural}-1.xml`);
    const file = await t.app.inject({ url: `/sitemaps/${kind.spec.plural}-1.xml` });
    expect(file.statusCode).toBe(200);
    const list = await api(t).get(kind.spec.api.list);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1 });
  });

  it('has a dashboard page and a place in the console', async () => {
    const page = await t.app.inject({ url: kind.spec.dashboardPath });
    expect(page.statusCode).toBe(200);
    const records = await api(t).get(`/admin/records?kind=${name}`, adminToken);
    expect(records.statusCode).toBe(200);
    const dashboard = await api(t).get('/admin/dashboard', adminToken);
    expect(Object.keys(dashboard.json().data.pending)).toContain(name);
  });

  it('counts its joins before a taxon is deleted', () => {
    const counted = (taxa: keyof typeof USES) => USES[taxa].map((u) => u.table);
    expect(counted('circles')).toContain(kind.circles);
    expect(counted('blocks')).toContain(kind.blocks);
    expect(counted(kind.spec.parent.taxon)).toContain(kind.parent.many ? kind.parent.join : kind.table);
  });

  it('has its names and texts in the Hindi catalogues', () => {
    const kinds = catalogue('hi', 'kinds');
    expect(kinds[`kinds.one.${name}`]).toBeTruthy();
    expect(kinds[`kinds.many.${name}`]).toBeTruthy();
    // SPEC's texts of the kind (its empty lists) come from the API in English and are shown from the spec catalogue.
    const spec = catalogue('hi', 'spec');
    const { dashboardEmpty, empty, noRelated } = kind.spec.texts;
    expect([dashboardEmpty, empty, noRelated].filter((text) => !(text in spec))).toEqual([]);
  });
});

/** Files under `dir` (recursively) that are source, not tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('typed rows', () => {
  it('leaves no erased row or forced cast in the content machinery, the kinds and the console', () => {
    const modules = join(import.meta.dirname, '..');
    const dirs = ['content', 'kinds', 'admin', ...KIND_LIST.map((k) => `${k.spec.plural}`)];
    const found: string[] = [];
    for (const dir of dirs)
      for (const file of sources(join(modules, dir))) {
        const lines = readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          if (/Record<string, unknown>|as never\b|as unknown as/.test(line))
            found.push(`${relative(modules, file)}:${i + 1}: ${line.trim()}`);
        });
      }
    expect(found).toEqual([]);
  });
});
