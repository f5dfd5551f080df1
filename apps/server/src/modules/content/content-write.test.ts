import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, expertBlocks, expertCircles, expertServices, experts } from '../../db/schema';
import { api, newPerson, setStatus, verifiedContributor } from '../../test/accounts';
import { validForms } from '../../test/forms';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let a: ReturnType<typeof api>;
let owner: Awaited<ReturnType<typeof verifiedContributor>>;
let other: Awaited<ReturnType<typeof verifiedContributor>>;
let unverifiedToken: string;
let heldToken: string;

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  a = api(t);
  w = await buildWorld(t.db);
  owner = await verifiedContributor(t, 'Owner');
  other = await verifiedContributor(t, 'Other');
  const held = await verifiedContributor(t, 'Held');
  heldToken = held.token;
  await setStatus(t.db, held.id, 'hold');
  const p = newPerson();
  await a.post('/user/customer/register', p);
  unverifiedToken = (await a.post('/login', { userName: p.email, password: p.password })).json().token;
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/backend/v1${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const KINDS = [
  {
    kind: 'expert',
    noun: 'Expert',
    paths: {
      add: '/expert/add',
      view: '/expert/view/',
      edit: '/expert/edit/',
      remove: '/expert/delete/',
      mine: '/experts/get/user',
      pub: '/experts/view',
      slug: '/experts/slug/',
    },
    valid: () => validForms(w).expert(),
  },
  {
    kind: 'outlet',
    noun: 'Outlet',
    paths: {
      add: '/outlet/add',
      view: '/outlet/view/',
      edit: '/outlet/edit/',
      remove: '/outlet/delete/',
      mine: '/outlets/view/user',
      pub: '/outlets/view',
      slug: '/outlets/slug/',
    },
    valid: () => validForms(w).outlet(),
  },
  {
    kind: 'news',
    noun: 'News',
    paths: {
      add: '/news/add',
      view: '/news/view/',
      edit: '/news/edit/',
      remove: '/news/delete/',
      mine: '/newss/view/user',
      pub: '/newss/view',
      slug: '/newss/slug/',
    },
    valid: () => validForms(w).news(),
  },
  {
    kind: 'feature',
    noun: 'Feature',
    paths: {
      add: '/blog',
      view: '/blog/',
      edit: '/blog/',
      remove: '/blog/',
      mine: '/blog/user',
      pub: '/blog',
      slug: '/blog/slug/',
    },
    valid: () => validForms(w).feature(),
  },
] as const;

describe.each(KINDS)('$kind contributor API', ({ noun, paths, valid }) => {
  /** A new pending record of the owner's: each test makes its own. */
  const created = async (): Promise<{ id: string; slug: string }> =>
    (await send('POST', paths.add, owner.token, valid())).json().data;

  it('creates a pending record owned by the caller, with a slug from the title', async () => {
    const res = await send('POST', paths.add, owner.token, valid());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: `${noun} Added Successfully`,
      data: { status: 'pending', userId: owner.id, metaTitle: 'Meta' },
    });
    expect(body.data.circles).toEqual([{ id: w.circles.north.id, name: 'North', slug: 'north' }]);
    expect(body.data.blocks).toEqual([{ id: w.blocks.market.id, name: 'Market', slug: 'market' }]);
    expect(body.data.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('keeps a pending record off the public list and detail, and lists it for its owner', async () => {
    const { id, slug } = await created();
    expect((await send('GET', `${paths.slug}${slug}`)).statusCode).toBe(404);
    const mine = await send('GET', paths.mine, owner.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((r: { id: string }) => r.id)).toContain(id);
    expect(mine.json().meta).toMatchObject({ page: 1, pageSize: 12 });
    const theirs = await send('GET', paths.mine, other.token);
    expect(theirs.json().data).toEqual([]);
  });

  it('answers 401 without a token on every contributor call', async () => {
    const { id } = await created();
    for (const [method, url] of [
      ['GET', `${paths.view}${id}`],
      ['POST', paths.add],
      ['PATCH', `${paths.edit}${id}`],
      ['DELETE', `${paths.remove}${id}`],
      ['GET', paths.mine],
    ] as const) {
      const res = await send(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : valid());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: 'Sign in to continue.' });
    }
  });

  it('answers 403 hold for a held account and 403 active for an unverified one', async () => {
    const { id } = await created();
    for (const [token, status, error] of [
      [heldToken, 'hold', 'This account is on hold.'],
      [unverifiedToken, 'active', 'Verify your e-mail and phone to continue.'],
    ] as const) {
      for (const [method, url] of [
        ['GET', paths.mine],
        ['POST', paths.add],
        ['GET', `${paths.view}${id}`],
      ] as const) {
        const res = await send(method, url, token, method === 'POST' ? valid() : undefined);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, error, status });
      }
    }
  });

  it("refuses another contributor's record with 403 and no status", async () => {
    const { id } = await created();
    for (const [method, url] of [
      ['GET', `${paths.view}${id}`],
      ['PATCH', `${paths.edit}${id}`],
      ['DELETE', `${paths.remove}${id}`],
    ] as const) {
      const res = await send(method, url, other.token, method === 'PATCH' ? { title: 'Mine now' } : undefined);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'You are not allowed to do this.' });
    }
  });

  it('answers 404 for an unknown id', async () => {
    for (const ref of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await send('GET', `${paths.view}${ref}`, owner.token)).statusCode).toBe(404);
    }
  });

  it('shows the owner the record by id', async () => {
    const { id } = await created();
    const res = await send('GET', `${paths.view}${id}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id, status: 'pending' } });
  });

  it('refuses missing fields, a 10,000-character title and a locality outside the chosen circles, leaving nothing', async () => {
    const before = (await send('GET', paths.mine, owner.token)).json().meta.total;
    const empty = await send('POST', paths.add, owner.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { parameter: 'title', errors: ['Required'] },
        { parameter: 'circles', errors: ['Required'] },
      ]),
    );
    const long = await send('POST', paths.add, owner.token, { ...valid(), title: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([{ parameter: 'title', errors: ['Must be at most 200 characters'] }]);
    const outside = await send('POST', paths.add, owner.token, { ...valid(), blocks: [w.blocks.harbour.id] });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details).toEqual([{ parameter: 'blocks', errors: ['Not in the chosen circles: Harbour'] }]);
    const unknown = await send('POST', paths.add, owner.token, { ...valid(), circles: ['nowhere'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ parameter: 'circles', errors: ['Unknown circle: nowhere'] }]);
    expect((await send('GET', paths.mine, owner.token)).json().meta.total).toBe(before);
  });

  it('edits only the fields sent; a failed edit changes nothing', async () => {
    const { id, slug } = await created();
    const ok = await send('PATCH', `${paths.edit}${id}`, owner.token, { title: 'A new title' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: 'Edited Successfully',
      data: { title: 'A new title', slug, metaTitle: 'Meta' },
    });
    const snapshot = (await send('GET', `${paths.view}${id}`, owner.token)).json().data;
    const bad = await send('PATCH', `${paths.edit}${id}`, owner.token, {
      title: 'Broken',
      blocks: [w.blocks.harbour.id],
    });
    expect(bad.statusCode).toBe(400);
    expect((await send('GET', `${paths.view}${id}`, owner.token)).json().data).toEqual(snapshot);
  });

  it('renames the slug on request, and refuses a slug another record holds with 409', async () => {
    const { id } = await created();
    const renamed = await send('PATCH', `${paths.edit}${id}`, owner.token, { slug: 'fresh-slug' });
    expect(renamed.json().data.slug).toBe('fresh-slug');
    const second = (await send('POST', paths.add, owner.token, { ...valid(), title: 'Second one' })).json().data;
    const clash = await send('PATCH', `${paths.edit}${second.id}`, owner.token, { slug: 'fresh-slug' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      success: false,
      error: 'That value is already in use.',
      details: [{ parameter: 'slug', errors: ['That slug is taken'] }],
    });
    const digits = await send('PATCH', `${paths.edit}${second.id}`, owner.token, { slug: '12345' });
    expect(digits.statusCode).toBe(400);
  });

  it('gives a repeated title a new slug, and a unicode or emoji title a valid one', async () => {
    const first = (await send('POST', paths.add, owner.token, { ...valid(), title: 'Same Title' })).json().data;
    const again = (await send('POST', paths.add, owner.token, { ...valid(), title: 'Same Title' })).json().data;
    expect(first.slug).toBe('same-title');
    expect(again.slug).toBe('same-title-2');
    const emoji = (await send('POST', paths.add, owner.token, { ...valid(), title: '☕️ चाय Café 🎉' })).json().data;
    expect(emoji.title).toBe('☕️ चाय Café 🎉');
    expect(emoji.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('stores SQL-looking text verbatim and harmless', async () => {
    const title = "Robert'); DROP TABLE users;--";
    const res = await send('POST', paths.add, owner.token, { ...valid(), title });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe(title);
    expect((await send('GET', paths.mine, owner.token)).statusCode).toBe(200);
  });

  it('deletes the record with its links', async () => {
    const { id } = await created();
    const res = await send('DELETE', `${paths.remove}${id}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Deleted Successfully' });
    expect((await send('GET', `${paths.view}${id}`, owner.token)).statusCode).toBe(404);
  });
});

describe('rich text and links', () => {
  it('stores rich text sanitized: no script, no javascript: link', async () => {
    const res = await send('POST', '/expert/add', owner.token, {
      ...KINDS[0].valid(),
      title: 'Sanitised',
      description:
        '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.com">site</a></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.description).toBe(
      '<p>Hello <a>x</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
  });

  it('refuses a bad call number with "Invalid No" and a javascript: website with "Url is not valid"', async () => {
    const res = await send('POST', '/outlet/add', owner.token, {
      ...KINDS[1].valid(),
      call_now: '12345',
      website_url: 'javascript:alert(1)',
      whatsapp_no: 'abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { parameter: 'call_now', errors: ['Invalid No'] },
      { parameter: 'whatsapp_no', errors: ['Invalid No'] },
      { parameter: 'website_url', errors: ['Url is not valid'] },
    ]);
  });

  it('derives a missing news description from the content text', async () => {
    const res = await send('POST', '/news/add', owner.token, {
      ...KINDS[2].valid(),
      content: '<h2>Big day</h2><p>The fair opens &amp; crowds come.</p>',
    });
    expect(res.json().data.description).toBe('Big day The fair opens & crowds come.');
  });

  it('refuses a document that was not uploaded here', async () => {
    const res = await send('POST', '/expert/add', owner.token, {
      ...KINDS[0].valid(),
      documents: ['https://evil.example/x.pdf'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { parameter: 'documents', errors: ['Upload the file with /uploadFile first'] },
    ]);
  });

  it('refuses a held publishing page for a feature', async () => {
    const res = await send('POST', '/blog', owner.token, { ...KINDS[3].valid(), publishing_Page: w.pages.heldPage.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { parameter: 'publishing_Page', errors: [`Unknown page: ${w.pages.heldPage.id}`] },
    ]);
  });
});

describe('deleting removes join rows', () => {
  it('leaves no service, circle, locality or document rows of a deleted expert', async () => {
    const created = (
      await send('POST', '/expert/add', owner.token, { ...KINDS[0].valid(), title: 'Short lived' })
    ).json().data;
    await send('DELETE', `/expert/delete/${created.id}`, owner.token);
    for (const table of [expertServices, expertCircles, expertBlocks]) {
      const [{ n }] = await t.db.select({ n: count() }).from(table).where(eq(table.recordId, created.id));
      expect(Number(n)).toBe(0);
    }
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.ownerKind, 'expert'), eq(documents.ownerId, created.id)));
    expect(Number(n)).toBe(0);
    expect(await t.db.select().from(experts).where(eq(experts.id, created.id))).toEqual([]);
  });
});

describe('with AUTO_APPROVE=true', () => {
  it('shows a new record on the public list and detail at once', async () => {
    const auto = await testApp({ AUTO_APPROVE: 'true', RATE_LIMIT_FACTOR: '100' });
    try {
      const world = await buildWorld(auto.db);
      const c = await verifiedContributor(auto, 'Auto');
      const res = await auto.app.inject({
        method: 'POST',
        url: '/api/backend/v1/outlet/add',
        headers: { authorization: `Bearer ${c.token}` },
        payload: {
          title: 'Instant Outlet',
          categories: [world.categories.grocery.id],
          circles: [world.circles.north.id],
          blocks: [world.blocks.market.id],
          call_now: '9876543210',
          description: 'Open now.',
        },
      });
      expect(res.json().data.status).toBe('active');
      const list = await auto.app.inject({
        url: `/api/backend/v1/outlets/view?category=${world.categories.grocery.slug}&circle=north`,
      });
      expect(list.json().data.map((o: { title: string }) => o.title)).toContain('Instant Outlet');
      expect((await auto.app.inject({ url: '/api/backend/v1/outlets/slug/instant-outlet' })).statusCode).toBe(200);
    } finally {
      await auto.close();
    }
  });
});
