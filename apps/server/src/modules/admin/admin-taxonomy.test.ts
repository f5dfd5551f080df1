import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { api, type TMethod } from '../../test/api';
import { multipartBody, type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let token: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
  admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  token = await t.app.tokens.issue(admin);
});
afterAll(() => t.close());

const send = (method: TMethod, url: string, payload?: object) =>
  api(() => t).call(method, `/admin${url}`, { token, payload });
const pub = api(() => t).get;
const names = (res: { json(): { data: { name?: string; title?: string }[] } }) =>
  res.json().data.map((r) => r.name ?? r.title);
/** The audit entries of one row, newest first. */
const auditOf = async (entityId: string) => (await send('GET', `/audit?entityId=${entityId}`)).json().data;
const actor = () => ({ id: admin.id, name: 'Ada Admin', email: admin.email });
const invalid = (details: object[]) => ({ success: false, error: 'The request has invalid fields.', details });

const TAXA = [
  {
    kind: 'services',
    noun: 'Service',
    entity: 'service',
    pubList: '/services/view',
    records: '/experts/view',
    of: 'expert',
  },
  {
    kind: 'categories',
    noun: 'Category',
    entity: 'category',
    pubList: '/categories/view',
    records: '/outlets/view',
    of: 'outlet',
  },
  {
    kind: 'editions',
    noun: 'Edition',
    entity: 'edition',
    pubList: '/editions/view',
    records: '/newss/view',
    of: 'news',
  },
  { kind: 'pages', noun: 'Page', entity: 'page', pubList: '/pages', records: '/blog', of: 'feature' },
] as const;
/** The world's parent of each kind that one public record uses, and that record. */
const inUse = (kind: (typeof TAXA)[number]['kind']) =>
  ({
    services: { parent: w.services.doctors, record: w.expert },
    categories: { parent: w.categories.grocery, record: w.outlet },
    editions: { parent: w.editions.city, record: w.news },
    pages: { parent: w.pages.food, record: w.feature },
  })[kind];

describe.each(TAXA)('$kind', ({ kind, noun, pubList, records, of, entity }) => {
  const used = () => inUse(kind).parent;
  /** A new one of this kind, titled differently in each test so that no test finds another's. */
  const added = async (title: string): Promise<string> =>
    (await send('POST', `/${kind}`, { title, description: 'Late hours', position: 9 })).json().data.id;

  it('adds one that the public list then shows, and gives it by id or slug', async () => {
    const res = await send('POST', `/${kind}`, { title: 'Night Owls', description: 'Late hours', position: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: `${noun} Added Successfully`,
      data: {
        id: expect.any(String),
        slug: 'night-owls',
        title: 'Night Owls',
        description: 'Late hours',
        image: null,
        status: 'active',
        position: 9,
        metaTitle: '',
        metaDescription: '',
        metaKeywords: '',
        content: '',
        used: 0,
        updatedAt: expect.any(String),
      },
    });
    const id = res.json().data.id;
    expect(names(await pub(pubList))).toContain('Night Owls');
    for (const ref of [id, 'night-owls'])
      expect((await send('GET', `/${kind}/${ref}`)).json().data).toMatchObject({ id, title: 'Night Owls' });
    const listed = (await send('GET', `/${kind}?q=owl`)).json();
    expect(listed.data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await send('GET', `/${kind}/${used().id}`)).json().data.used).toBe(1);
    expect((await auditOf(id))[0]).toMatchObject({ actor: actor(), action: 'create', entity: kind, before: null });
  });

  it('replaces it (slug made from the new title, held: off the public list), recording before and after', async () => {
    const id = await added('Late Larks');
    const res = await send('PUT', `/${kind}/${id}`, { title: 'Early Birds', status: 'hold', metaTitle: 'Birds' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Edited Successfully',
      data: { id, title: 'Early Birds', slug: 'early-birds', status: 'hold', description: '', metaTitle: 'Birds' },
    });
    expect(names(await pub(pubList))).not.toContain('Early Birds');
    expect((await send('GET', `/${kind}?status=hold`)).json().data.map((r: { id: string }) => r.id)).toContain(id);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'update',
      entity: kind,
      before: { title: 'Late Larks', status: 'active' },
      after: { title: 'Early Birds', status: 'hold' },
    });
  });

  it('refuses a missing title, a bad status, a taken slug and an image not uploaded here', async () => {
    const id = await added('Quiet Hours');
    expect((await send('POST', `/${kind}`, {})).json()).toEqual(
      invalid([{ parameter: 'title', errors: ['Required'] }]),
    );
    const status = await send('PUT', `/${kind}/${id}`, { title: 'X', status: 'pending' });
    expect(status.statusCode).toBe(400);
    expect(status.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['status']);
    const taken = await send('POST', `/${kind}`, { title: 'Copy', slug: used().slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual([{ parameter: 'slug', errors: ['That slug is taken'] }]);
    const image = await send('POST', `/${kind}`, { title: 'Pictured', image: 'https://evil.example/x.png' });
    expect(image.json()).toEqual(invalid([{ parameter: 'image', errors: ['Upload the file with /uploadFile first'] }]));
    expect((await send('GET', `/${kind}?q=Pictured`)).json().meta.total).toBe(0);
  });

  it('refuses to delete one still in use with 409 and the count, and deletes an unused one', async () => {
    const id = await added('Short Lived');
    const busy = await send('DELETE', `/${kind}/${used().id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({
      success: false,
      error: `This ${entity} is used by 1 record; hold it instead.`,
      details: [{ parameter: 'id', errors: ['Used by 1'] }],
    });
    expect((await send('GET', `/${kind}/${used().id}`)).statusCode).toBe(200);
    const res = await send('DELETE', `/${kind}/${id}`);
    expect(res.json()).toEqual({ success: true, message: 'Deleted Successfully' });
    expect((await send('GET', `/${kind}/${id}`)).statusCode).toBe(404);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ actor: actor(), action: 'delete', entity: kind, before: { title: 'Short Lived' } });
  });
  it('holding the one in use takes its record off the public list and pages; activating brings it back', async () => {
    const { parent, record } = inUse(kind);
    const listed = async () => (await pub(records)).json().data.map((r: { id: string }) => r.id);
    expect(await listed()).toEqual([record.id]);
    const hold = await send('PUT', `/${kind}/${parent.id}`, { title: parent.title, slug: parent.slug, status: 'hold' });
    expect(hold.statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    const shown = (await send('GET', `/records/${of}/${record.id}`)).json().data;
    expect(shown).toMatchObject({ status: 'active', isPublic: false });
    await send('PUT', `/${kind}/${parent.id}`, { title: parent.title, slug: parent.slug, status: 'active' });
    expect(await listed()).toEqual([record.id]);
  });
});

describe('publishing pages and policies', () => {
  it('stores page content sanitized', async () => {
    const res = await send('POST', '/pages', { title: 'Sports', content: '<p>Play<script>alert(1)</script></p>' });
    expect(res.json().data.content).toBe('<p>Play</p>');
    expect((await pub('/pages/sports')).json().data.content).toBe('<p>Play</p>');
  });

  it('adds, edits and deletes a policy, sanitized, shown publicly while active', async () => {
    const res = await send('POST', '/policies', {
      title: 'Privacy',
      type: 1,
      content: '<p>We keep little.<script>steal()</script></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Policy Added Successfully',
      data: {
        id: expect.any(String),
        slug: 'privacy',
        title: 'Privacy',
        content: '<p>We keep little.</p>',
        type: 1,
        status: 'active',
        position: 0,
        updatedAt: expect.any(String),
      },
    });
    const id = res.json().data.id;
    expect(names(await pub('/policy/viewall/public'))).toEqual(['Privacy']);
    const bad = await send('POST', '/policies', { title: 'Odd', type: 4 });
    expect(bad.json()).toEqual(
      invalid([{ parameter: 'type', errors: ['Must be 1 (Policies), 2 (Terms & Conditions) or 3 (Copyright)'] }]),
    );
    for (const [type, error] of [
      ['abc', 'Must be 1 (Policies), 2 (Terms & Conditions) or 3 (Copyright)'],
      ['', 'Required'],
    ])
      expect((await send('POST', '/policies', { title: 'Odd', type })).json()).toEqual(
        invalid([{ parameter: 'type', errors: [error] }]),
      );
    for (const [position, error] of [
      [-5, 'Must be 0 or more'],
      [1.5, 'Must be a whole number'],
      ['first', 'Must be a number'],
    ])
      expect((await send('POST', '/policies', { title: 'Odd', type: 1, position })).json()).toEqual(
        invalid([{ parameter: 'position', errors: [error] }]),
      );
    const taken = await send('POST', '/policies', { title: 'Privacy 2', type: 2, slug: 'privacy' });
    expect(taken.statusCode).toBe(409);

    const held = await send('PUT', `/policies/${id}`, { title: 'Privacy Policy', type: 1, status: 'hold' });
    expect(held.json()).toMatchObject({
      message: 'Edited Successfully',
      data: { slug: 'privacy-policy', status: 'hold' },
    });
    expect((await pub('/policy/viewall/public')).json().data).toEqual([]);
    expect((await send('GET', '/policies?status=hold')).json().data.map((p: { id: string }) => p.id)).toEqual([id]);

    expect((await send('DELETE', `/policies/${id}`)).json()).toEqual({
      success: true,
      message: 'Deleted Successfully',
    });
    expect((await send('GET', `/policies/${id}`)).statusCode).toBe(404);
    expect((await auditOf(id)).map((e: { action: string; entity: string }) => [e.action, e.entity])).toEqual([
      ['delete', 'policy'],
      ['update', 'policy'],
      ['create', 'policy'],
    ]);
  });
});

describe('taxon images', () => {
  const upload = async (colour: string) => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const body = await multipartBody([['file', { filename: 'icon.png', bytes, type: 'image/png' }]]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/uploadFile',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    return res.json().data.url as string;
  };
  const stored = async (url: string) => (await t.db.select().from(uploads).where(eq(uploads.url, url))).length;

  it('keeps an uploaded image, and collects the file when it is replaced or its taxon deleted', async () => {
    const [first, second] = [await upload('#a11'), await upload('#1a1')];
    const created = await send('POST', '/services', { title: 'Tailors', image: first });
    expect(created.json().data.image).toBe(first);
    expect((await pub('/services/view/tailors')).json().data.image).toBe(first);
    await send('PUT', `/services/${created.json().data.id}`, { title: 'Tailors', image: second });
    expect([await stored(first), await stored(second)]).toEqual([0, 1]);
    await send('DELETE', `/services/${created.json().data.id}`);
    expect(await stored(second)).toBe(0);
  });
});
