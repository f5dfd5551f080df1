import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { makeEvent, makeTaxon, makeUser } from '../../seed/factories';
import { verifiedContributor } from '../../test/accounts';
import { api, type TMethod } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

/**
 * The Editor role (decision 033): an admin grants it, and the editor moderates, edits and schedules news and features
 * (all, or the news of their editions) and nothing else of the console. One town for the file: each test makes the
 * records it decides on.
 */
let t: TestContext;
let w: TWorld;
let admin: Awaited<ReturnType<typeof makeUser>>;
let adminToken: string;
let owner: Awaited<ReturnType<typeof verifiedContributor>>;
let rural: Awaited<ReturnType<typeof makeTaxon>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  adminToken = await t.app.tokens.issue(admin);
  owner = await verifiedContributor(t, 'Owner');
  rural = await makeTaxon(t.db, 'editions', { title: 'Rural' });
});
afterAll(() => t.close());

const send = (method: TMethod, url: string, token?: string, payload?: object) =>
  api(t).call(method, url, { token, payload });
const adm = (method: TMethod, url: string, payload?: object) => send(method, `/admin${url}`, adminToken, payload);
const FORBIDDEN = { success: false, error: 'You are not allowed to do this.' };
const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((r) => r.id);

/** A valid contributor form of each kind the tests send, in the world's North circle and Market locality. */
const forms = () => {
  const base = { circles: [w.circles.north.id], blocks: [w.blocks.market.id] };
  return {
    news: {
      ...base,
      title: 'Market road resurfaced',
      editionId: w.editions.city.id,
      location: 'Market',
      language: 'en',
      reporter: 'R. Das',
      content: '<p>The road is smooth again.</p>',
    },
    feature: {
      ...base,
      title: 'Kulfi by the river',
      publishing_Page: w.pages.food.id,
      language: 'en',
      author: 'M. Sen',
      location: 'Riverside',
      content: '<p>Cold and sweet.</p>',
    },
    outlet: {
      ...base,
      title: 'Gupta Kirana',
      categories: [w.categories.grocery.id],
      call_now: '9876543210',
      description: '<p>Daily needs.</p>',
    },
    expert: {
      ...base,
      title: 'Dr. Kavya Nair',
      services: [w.services.doctors.id],
      call_now: '+91 98765 43210',
      description: '<p>Family physician.</p>',
    },
  };
};

/** A new editor (granted by the admin through the console's call) and their token. */
async function newEditor(name: string, editorEditions: string[] = []) {
  const user = await makeUser(t.db, { name });
  const res = await adm('PATCH', `/users/${user.id}`, { role: 'editor', editorEditions });
  expect(res.statusCode).toBe(200);
  return { ...user, token: await t.app.tokens.issue(user) };
}
/** The owner's new record of a kind, pending review, through the contributor path. */
async function pending(kind: 'news' | 'feature' | 'outlet' | 'expert', fields: object = {}) {
  const path = { news: '/news/add', feature: '/blog', outlet: '/outlet/add', expert: '/expert/add' }[kind];
  const res = await send('POST', path, owner.token, { ...forms()[kind], ...fields });
  expect(res.json().data.status).toBe('pending');
  return res.json().data as { id: string; slug: string };
}

describe('granting the Editor role', () => {
  it('makes a user an editor of some editions, audited with the role and editions before and after', async () => {
    const user = await makeUser(t.db, { name: 'Gita Grant' });
    const res = await adm('PATCH', `/users/${user.id}`, { role: 'editor', editorEditions: [w.editions.city.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { id: user.id, role: 'editor', editorEditions: [w.editions.city.id] },
      message: 'Updated Successfully',
    });
    const audit = (await adm('GET', `/audit?entity=user&entityId=${user.id}`)).json().data;
    expect(audit).toHaveLength(1);
    const shown = {
      id: user.id,
      name: 'Gita Grant',
      email: user.email,
      phone: user.phone,
      status: 'active',
      emailVerified: true,
      phoneVerified: true,
      signInLockedUntil: null,
      createdAt: user.createdAt.toISOString(),
    };
    expect(audit[0]).toEqual({
      id: expect.any(String),
      actor: { id: admin.id, name: 'Ada Admin', email: admin.email },
      action: 'role',
      entity: 'user',
      entityId: user.id,
      before: { ...shown, role: 'customer', editorEditions: [] },
      after: { ...shown, role: 'editor', editorEditions: [w.editions.city.id] },
      reason: null,
      createdAt: expect.any(String),
    });

    // Every edition, then revoked: each change of the desk is an entry of its own.
    await adm('PATCH', `/users/${user.id}`, { editorEditions: [] });
    const revoked = await adm('PATCH', `/users/${user.id}`, { role: 'customer' });
    expect(revoked.json().data).toMatchObject({ role: 'customer', editorEditions: [] });
    const entries = (await adm('GET', `/audit?entity=user&entityId=${user.id}`)).json().data;
    expect(
      entries.map((e: { action: string; before: object; after: object }) => [
        e.action,
        (e.before as { role: string }).role,
        (e.before as { editorEditions: string[] }).editorEditions,
        (e.after as { role: string }).role,
        (e.after as { editorEditions: string[] }).editorEditions,
      ]),
    ).toEqual([
      ['role', 'editor', [], 'customer', []],
      ['role', 'editor', [w.editions.city.id], 'editor', []],
      ['role', 'customer', [], 'editor', [w.editions.city.id]],
    ]);
  });

  it('lists editors under the role filter', async () => {
    const editor = await newEditor('Listed Editor');
    const listed = await adm('GET', '/users?role=editor&pageSize=100');
    expect(ids(listed)).toContain(editor.id);
    expect(listed.json().data.every((u: { role: string }) => u.role === 'editor')).toBe(true);
  });

  it('refuses unknown editions, and editions for anyone but an editor, with 400 and details', async () => {
    const user = await makeUser(t.db, { name: 'Bad Grant' });
    const unknown = await adm('PATCH', `/users/${user.id}`, {
      role: 'editor',
      editorEditions: [w.editions.city.id, 'no-such-edition'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'editorEditions', errors: ['Unknown edition: no-such-edition'] }],
    });
    const notEditor = await adm('PATCH', `/users/${user.id}`, { editorEditions: [w.editions.city.id] });
    expect(notEditor.statusCode).toBe(400);
    expect(notEditor.json().details).toEqual([
      { parameter: 'editorEditions', errors: ['Only an editor has editions'] },
    ]);
    expect((await adm('GET', `/users/${user.id}`)).json().data).toMatchObject({ role: 'customer', editorEditions: [] });
  });

  it('refuses to let an admin make themselves an editor (409)', async () => {
    const res = await adm('PATCH', `/users/${admin.id}`, { role: 'editor' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: 'You cannot hold or demote your own account.',
      details: [{ parameter: 'role', errors: ['Not for your own account'] }],
    });
  });
});

describe('an editor of every edition', () => {
  it('approves a pending news item and holds a feature; the owners are told, the audit names the editor', async () => {
    const editor = await newEditor('Esha Editor');
    const item = await pending('news');
    const feature = await pending('feature');
    const approved = await send('POST', `/admin/records/news/${item.id}/approve`, editor.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      data: { id: item.id, status: 'active', isPublic: true },
      message: 'Approved',
    });
    const held = await send('POST', `/admin/records/feature/${feature.id}/hold`, editor.token, {
      reason: 'Needs a source',
    });
    expect(held.statusCode).toBe(200);
    expect(held.json().data).toMatchObject({ id: feature.id, status: 'hold', holdReason: 'Needs a source' });
    const audit = (await adm('GET', `/audit?entityId=${feature.id}`)).json().data;
    expect(audit[0]).toMatchObject({
      actor: { id: editor.id, name: 'Esha Editor' },
      action: 'hold',
      entity: 'feature',
      before: { status: 'pending' },
      after: { status: 'hold' },
      reason: 'Needs a source',
    });
    const mails = await t.db.select().from(outbox).where(eq(outbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Approved: ${forms().news.title}`, `On hold: ${forms().feature.title}`]),
    );
  });

  it("edits and schedules someone else's approved news through the contributor path: it stays approved, out of the queue", async () => {
    const editor = await newEditor('Sched Editor');
    const item = await pending('news', { title: 'Ward budget passed' });
    expect((await adm('POST', `/records/news/${item.id}/approve`)).statusCode).toBe(200);
    const publishAt = new Date(Date.now() + 3 * 86_400_000);
    const res = await send('PATCH', `/news/edit/${item.id}`, editor.token, {
      title: 'Ward budget passed at night',
      publish_at: publishAt.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: item.id,
      title: 'Ward budget passed at night',
      status: 'active',
      publish_at: publishAt.toISOString(),
    });
    const detail = (await send('GET', `/admin/records/news/${item.id}`, editor.token)).json().data;
    expect(detail).toMatchObject({ status: 'active', editedSinceApproval: false, changes: [], isPublic: false });
    expect(ids(await send('GET', '/admin/moderation?pageSize=100', editor.token))).not.toContain(item.id);
    // The owner still owns it.
    expect(detail.owner).toMatchObject({ id: owner.id });
  });

  it('sees news and features only, in the queue and the records', async () => {
    const editor = await newEditor('Wide Editor');
    for (const kind of ['news', 'feature', 'outlet', 'expert'] as const) await pending(kind);
    for (const list of ['/admin/moderation', '/admin/records']) {
      const res = await send('GET', `${list}?pageSize=100`, editor.token);
      expect(res.statusCode).toBe(200);
      const kinds = new Set(res.json().data.map((r: { kind: string }) => r.kind));
      expect([list, [...kinds].sort()]).toEqual([list, ['feature', 'news']]);
      expect(res.json().meta.total).toBe(res.json().data.length);
    }
    const all = (await adm('GET', '/records?pageSize=100')).json().data as { kind: string }[];
    expect((await send('GET', '/admin/records?pageSize=100', editor.token)).json().meta.total).toBe(
      all.filter((r) => r.kind === 'news' || r.kind === 'feature').length,
    );
  });

  it('cannot touch an expert, an outlet or an event, nor users, settings or the audit (403)', async () => {
    const editor = await newEditor('Kept Editor');
    const type = await makeTaxon(t.db, 'eventTypes', { title: 'Fair' });
    const event = await makeEvent(t.db, { userId: owner.id, eventTypeId: type.id, circleIds: [w.circles.north.id] });
    for (const [method, url, payload] of [
      ['PATCH', `/outlet/edit/${w.outlet.id}`, { title: 'Mine now' }],
      ['GET', `/expert/view/${w.expert.id}`],
      ['DELETE', `/outlet/delete/${w.outlet.id}`],
      ['PATCH', `/event/edit/${event.id}`, { title: 'Mine now' }],
      ['POST', `/admin/records/outlet/${w.outlet.id}/hold`, { reason: 'No' }],
      ['POST', `/admin/records/expert/${w.expert.id}/approve`],
      ['GET', `/admin/records/event/${event.id}`],
      ['PATCH', `/admin/users/${owner.id}`, { status: 'hold' }],
      ['GET', '/admin/users'],
      ['GET', '/admin/home'],
      ['PUT', '/admin/home/alert', { view_type: 'text', content: 'Hi' }],
      ['GET', '/admin/audit'],
      ['GET', '/admin/dashboard'],
    ] as const) {
      const res = await send(method, url, editor.token, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 403, FORBIDDEN]);
    }
    expect((await adm('GET', `/users/${owner.id}`)).json().data.status).toBe('active');
  });

  it("holds but does not delete someone else's news (403); deletes their own", async () => {
    const editor = await newEditor('Careful Editor');
    const item = await pending('news');
    const res = await send('DELETE', `/news/delete/${item.id}`, editor.token);
    expect([res.statusCode, res.json()]).toEqual([403, FORBIDDEN]);
    const own = await send('POST', '/news/add', editor.token, forms().news);
    expect(own.json().data.status).toBe('pending');
    expect((await send('DELETE', `/news/delete/${own.json().data.id}`, editor.token)).statusCode).toBe(200);
  });

  it('is a contributor of their own records: an own outlet is theirs to edit, and stays off the desk', async () => {
    const editor = await newEditor('Shop Editor');
    const created = await send('POST', '/outlet/add', editor.token, forms().outlet);
    expect(created.json().data.status).toBe('pending');
    const { id } = created.json().data;
    expect((await send('PATCH', `/outlet/edit/${id}`, editor.token, { title: 'Shop of the editor' })).statusCode).toBe(
      200,
    );
    expect((await send('GET', `/admin/records/outlet/${id}`, editor.token)).statusCode).toBe(403);
    expect((await send('POST', `/admin/records/outlet/${id}/approve`, editor.token)).statusCode).toBe(403);
  });
});

describe('an editor of some editions', () => {
  it('cannot see, moderate or edit news of another edition (403), and sees their own edition and features', async () => {
    const editor = await newEditor('City Editor', [w.editions.city.id]);
    const city = await pending('news', { title: 'City news for the desk' });
    const far = await pending('news', { title: 'Rural news off the desk', editionId: rural.id });
    const feature = await pending('feature', { title: 'Feature for every editor' });
    for (const [method, url, payload] of [
      ['GET', `/admin/records/news/${far.id}`],
      ['POST', `/admin/records/news/${far.id}/approve`],
      ['POST', `/admin/records/news/${far.id}/hold`, { reason: 'No' }],
      ['GET', `/news/view/${far.id}`],
      ['PATCH', `/news/edit/${far.id}`, { title: 'Moved' }],
    ] as const) {
      const res = await send(method, url, editor.token, payload);
      expect([method, url, res.statusCode, res.json()]).toEqual([method, url, 403, FORBIDDEN]);
    }
    for (const list of ['/admin/moderation', '/admin/records', '/admin/records?kind=news']) {
      const seen = ids(await send('GET', `${list}${list.includes('?') ? '&' : '?'}pageSize=100`, editor.token));
      expect([list, seen.includes(far.id)]).toEqual([list, false]);
      expect([list, seen.includes(city.id)]).toEqual([list, true]);
    }
    expect(ids(await send('GET', '/admin/moderation?pageSize=100', editor.token))).toContain(feature.id);
    expect(
      (await send('PATCH', `/news/edit/${city.id}`, editor.token, { title: 'City news, edited' })).statusCode,
    ).toBe(200);
    // Nor can they move news off their desk into another edition: refused, and the news stays where it was.
    const moved = await send('PATCH', `/news/edit/${city.id}`, editor.token, { editionId: rural.id });
    expect([moved.statusCode, moved.json()]).toEqual([403, FORBIDDEN]);
    expect((await send('GET', `/news/view/${city.id}`, editor.token)).json().data.editionId).toBe(w.editions.city.id);
    expect((await send('POST', `/admin/records/news/${city.id}/approve`, editor.token)).statusCode).toBe(200);
    expect((await send('POST', `/admin/records/feature/${feature.id}/approve`, editor.token)).statusCode).toBe(200);
  });
});
