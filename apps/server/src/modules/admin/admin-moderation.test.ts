import { desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { makeExpert, makeFeature, makeNews, makeOutlet, makeUser } from '../../seed/factories';
import { verifiedContributor } from '../../test/accounts';
import { api, type TMethod } from '../../test/api';
import { multipartBody, type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let adminToken: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
let owner: Awaited<ReturnType<typeof verifiedContributor>>;
/**
 * A new site for each test: the queue, the dashboard's counts and the records table count every record of the
 * database, so a test sees exactly the records it made, whichever tests ran before it.
 */
function freshSitePerTest() {
  beforeEach(async () => {
    t = await testApp({ RATE_LIMIT_FACTOR: '100' });
    w = await buildWorld(t.db);
    admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
    adminToken = await t.app.tokens.issue(admin);
    owner = await verifiedContributor(t, 'Owner');
  });
  afterEach(() => t.close());
}

const call = (ctx: TestContext, method: TMethod, url: string, token?: string, payload?: object) =>
  api(ctx).call(method, url, { token, payload });
const send = (method: TMethod, url: string, token?: string, payload?: object) => call(t, method, url, token, payload);
const adm = (method: TMethod, url: string, payload?: object) => send(method, `/admin${url}`, adminToken, payload);
const outlet = (ctx: TestContext, world: TWorld, token: string, title = 'Gupta Kirana') =>
  call(ctx, 'POST', '/outlet/add', token, {
    title,
    categories: [world.categories.grocery.slug],
    circles: [world.circles.north.id],
    blocks: [world.blocks.market.id],
    call_now: '9876543210',
    description: '<p>Daily needs.</p>',
  });
const publicOutlets = async (ctx = t) =>
  (await call(ctx, 'GET', '/outlets/view')).json().data.map((o: { id: string }) => o.id);
const queue = async (ctx = t, token = adminToken) => (await call(ctx, 'GET', '/admin/moderation', token)).json();
const dashboard = async () => (await adm('GET', '/dashboard')).json().data;
const lastMail = async (to: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1))[0];
const auditOf = async (id: string) => (await adm('GET', `/audit?entityId=${id}`)).json().data;

/** The owner's new outlet, pending review. */
const pendingOutlet = async (): Promise<{ id: string; slug: string }> => (await outlet(t, w, owner.token)).json().data;
/** The owner's new outlet, approved. */
const approvedOutlet = async () => {
  const record = await pendingOutlet();
  expect((await adm('POST', `/records/outlet/${record.id}/approve`)).statusCode).toBe(200);
  return record;
};

describe('moderation of a new contributor record', () => {
  freshSitePerTest();

  it('keeps it pending, off the public list, in the queue with its owner, and counted on the dashboard', async () => {
    const created = await outlet(t, w, owner.token);
    expect(created.json().data.status).toBe('pending');
    const { id, slug } = created.json().data;
    expect(await publicOutlets()).toEqual([w.outlet.id]);
    const q = await queue();
    expect(q.meta).toEqual({ page: 1, pageSize: 12, total: 1 });
    expect(q.data).toEqual([
      {
        kind: 'outlet',
        id,
        slug,
        title: 'Gupta Kirana',
        status: 'pending',
        isPublic: false,
        holdReason: null,
        owner: { id: owner.id, name: 'Owner', email: owner.email, status: 'active' },
        editedSinceApproval: false,
        changes: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(await dashboard()).toMatchObject({
      pending: { expert: 0, outlet: 1, news: 0, feature: 0 },
      editedSinceApproval: 0,
    });
  });

  it('approves it: public, out of the queue, the owner e-mailed, the decision audited; a second approve is 409', async () => {
    const { id, slug } = await pendingOutlet();
    const res = await adm('POST', `/records/outlet/${id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Approved',
      data: { id, status: 'active', isPublic: true, editedSinceApproval: false },
    });
    expect(await publicOutlets()).toContain(id);
    expect((await queue()).data).toEqual([]);
    expect((await dashboard()).pending.outlet).toBe(0);
    const mail = await lastMail(owner.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Approved: Gupta Kirana' });
    expect(mail.text).toContain(`${t.config.publicUrl.replace(/\/$/, '')}/outlets/${slug}`);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      actor: { id: admin.id, name: 'Ada Admin', email: admin.email },
      action: 'approve',
      entity: 'outlet',
      entityId: id,
      before: { status: 'pending', edited: false },
      after: { status: 'active', edited: false },
      reason: null,
    });
    expect((await dashboard()).recent[0]).toMatchObject({ action: 'approve', entityId: id });

    const again = await adm('POST', `/records/outlet/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      error: 'This record is already approved.',
      details: [{ parameter: 'id', errors: ['Already active'] }],
    });
  });

  it("puts the owner's later edit back in the queue as edited since approval, with a diff against the approved values", async () => {
    const { id } = await approvedOutlet();
    const edit = await send('PATCH', `/outlet/edit/${id}`, owner.token, { title: 'Gupta Kirana & Sons' });
    expect(edit.json().data.status).toBe('active');
    expect(await publicOutlets()).toContain(id);
    await send('PATCH', `/outlet/edit/${id}`, owner.token, {
      blocks: [w.blocks.riverside.id],
      description: '<p>Daily needs &amp; <b>more</b>.</p>',
    });
    const [item] = (await queue()).data;
    expect(item).toMatchObject({ id, status: 'active', isPublic: true, editedSinceApproval: true });
    expect(item.changes).toEqual([
      { field: 'title', before: 'Gupta Kirana', after: 'Gupta Kirana & Sons' },
      { field: 'blocks', before: 'Market', after: 'Riverside' },
      { field: 'description', before: 'Daily needs.', after: 'Daily needs & more.' },
    ]);
    expect(await dashboard()).toMatchObject({ pending: { outlet: 0 }, editedSinceApproval: 1 });
    expect((await adm('GET', '/records?edited=true')).json().data.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await adm('GET', `/records/outlet/${id}`)).json().data).toEqual(item);

    const approved = await adm('POST', `/records/outlet/${id}/approve`);
    expect(approved.json().data).toMatchObject({ editedSinceApproval: false, changes: [] });
    expect((await queue()).data).toEqual([]);
    expect((await dashboard()).editedSinceApproval).toBe(0);
    expect((await auditOf(id))[0]).toMatchObject({ action: 'approve', before: { status: 'active', edited: true } });
    // The next edit is measured against what was approved last.
    await send('PATCH', `/outlet/edit/${id}`, owner.token, { title: 'Gupta Stores' });
    expect((await queue()).data[0].changes).toEqual([
      { field: 'title', before: 'Gupta Kirana & Sons', after: 'Gupta Stores' },
    ]);
  });

  it('holds it with a reason: off the public pages, the owner told why, the reason audited', async () => {
    const { id, slug } = await approvedOutlet();
    await send('PATCH', `/outlet/edit/${id}`, owner.token, { title: 'Gupta Stores' });
    const reason = 'The phone number does not answer.';
    const res = await adm('POST', `/records/outlet/${id}/hold`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Held',
      data: { id, status: 'hold', isPublic: false, holdReason: reason, editedSinceApproval: false },
    });
    expect(await publicOutlets()).not.toContain(id);
    expect((await send('GET', `/outlets/slug/${slug}`)).statusCode).toBe(404);
    expect((await queue()).data).toEqual([]);
    const mail = await lastMail(owner.email);
    // The owner's own view says why (public responses never carry it).
    const own = await send('GET', `/outlet/view/${id}`, owner.token);
    expect(own.json().data).toMatchObject({ status: 'hold', holdReason: reason });
    expect(own.json().data).not.toHaveProperty('isPublic');
    expect(mail.subject).toBe('On hold: Gupta Stores');
    expect(mail.text).toContain(`Reason: ${reason}`);
    expect((await auditOf(id))[0]).toMatchObject({
      action: 'hold',
      before: { status: 'active', edited: true },
      after: { status: 'hold', edited: false },
      reason,
    });
    const again = await adm('POST', `/records/outlet/${id}/hold`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This record is already on hold.');
  });

  it('refuses a hold without a reason with 400', async () => {
    const { id } = await approvedOutlet();
    for (const body of [{ reason: '   ' }, {}]) {
      const res = await adm('POST', `/records/outlet/${id}/hold`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'The request has invalid fields.',
        details: [{ parameter: 'reason', errors: ['Required'] }],
      });
    }
  });

  it('brings a held record the owner fixed back to the queue, and approving makes it public', async () => {
    const { id } = await approvedOutlet();
    await adm('POST', `/records/outlet/${id}/hold`, { reason: 'The phone number does not answer.' });
    await send('PATCH', `/outlet/edit/${id}`, owner.token, { call_now: '9123456780' });
    const [item] = (await queue()).data;
    expect(item).toMatchObject({ id, status: 'hold', editedSinceApproval: true });
    expect(item.changes).toContainEqual({ field: 'call_now', before: '9876543210', after: '9123456780' });
    expect((await adm('POST', `/records/outlet/${id}/approve`)).json().data).toMatchObject({
      status: 'active',
      isPublic: true,
      holdReason: null,
    });
    expect(await publicOutlets()).toContain(id);
  });
});

describe('the records table', () => {
  freshSitePerTest();

  it('filters by kind, status, edited and text (title or owner e-mail)', async () => {
    const ids = async (q: string) => (await adm('GET', `/records${q}`)).json().data.map((r: { id: string }) => r.id);
    // The world's four records, and two of the owner's: one approved, one pending.
    await approvedOutlet();
    const pending = (await outlet(t, w, owner.token, 'Sharma Sweets')).json().data.id;
    const active = await ids('?kind=outlet&status=active');
    expect(active).toContain(w.outlet.id);
    expect(active).not.toContain(pending);
    expect(await ids('?kind=outlet&status=pending')).toEqual([pending]);
    expect(await ids('?status=active&kind=expert')).toEqual([w.expert.id]);
    expect(await ids(`?q=${encodeURIComponent(owner.email)}`)).toHaveLength(2);
    expect(await ids('?q=sweets')).toEqual([pending]);
    const all = (await adm('GET', '/records')).json();
    expect(all.meta.total).toBe(6);
    const pages = [await ids('?pageSize=4'), await ids('?pageSize=4&page=2')];
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(new Set(pages.flat())).toEqual(new Set(all.data.map((r: { id: string }) => r.id)));
    const bad = await adm('GET', '/records?status=deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['status']);
  });

  it('answers 400 for an unknown kind and 404 for an unknown id', async () => {
    for (const [method, url] of [
      ['GET', `/records/shop/${w.outlet.id}`],
      ['POST', `/records/shop/${w.outlet.id}/approve`],
    ] as const) {
      const res = await adm(method, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['kind']);
    }
    for (const [method, url, body] of [
      ['GET', '/records/outlet/00000000-0000-4000-8000-000000000000', undefined],
      ['GET', '/records/outlet/not-an-id', undefined],
      ['POST', '/records/news/00000000-0000-4000-8000-000000000000/approve', undefined],
      ['POST', `/records/expert/${w.outlet.id}/hold`, { reason: 'Wrong kind' }],
    ] as const) {
      const res = await adm(method, url, body);
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { success: false, error: 'Not found.' }]);
    }
  });

  it("lets an admin edit anyone's record through the contributor path: it stays active and unmarked", async () => {
    const res = await send('PATCH', `/outlet/edit/${w.outlet.id}`, adminToken, { title: 'Fresh Mart Plus' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Fresh Mart Plus', status: 'active', userId: w.users.alice.id });
    expect((await adm('GET', `/records/outlet/${w.outlet.id}`)).json().data).toMatchObject({
      status: 'active',
      isPublic: true,
      editedSinceApproval: false,
      changes: [],
    });
    expect((await queue()).data.map((r: { id: string }) => r.id)).not.toContain(w.outlet.id);
  });

  it('approves every kind, linking the public page in the e-mail', async () => {
    const links = { userId: owner.id, circleIds: [w.circles.north.id], blockIds: [w.blocks.market.id] };
    const pending = { status: 'pending' as const };
    for (const [kind, path, row] of [
      ['expert', '/experts/', await makeExpert(t.db, { ...links, serviceIds: [w.services.doctors.id] }, pending)],
      ['news', '/news/', await makeNews(t.db, { ...links, editionId: w.editions.city.id }, pending)],
      ['feature', '/article/', await makeFeature(t.db, { ...links, pageId: w.pages.food.id }, pending)],
    ] as const) {
      const res = await adm('POST', `/records/${kind}/${row.id}/approve`);
      expect([kind, res.statusCode, res.json().data.isPublic]).toEqual([kind, 200, true]);
      expect((await lastMail(owner.email)).text).toContain(`${path}${row.slug}`);
    }
  });
});

describe('what counts as an edit since approval', () => {
  freshSitePerTest();

  it('a save that changes nothing is not one; a document added is, and the diff names it', async () => {
    const id = (await outlet(t, w, owner.token, 'Sharma Sweets')).json().data.id;
    await adm('POST', `/records/outlet/${id}/approve`);
    const same = await send('PATCH', `/outlet/edit/${id}`, owner.token, { title: 'Sharma Sweets' });
    expect(same.json().data.status).toBe('active');
    expect((await queue()).data.map((r: { id: string }) => r.id)).not.toContain(id);

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const body = await multipartBody([['documents', { filename: 'menu.pdf', bytes: pdf, type: 'application/pdf' }]]);
    const added = await t.app.inject({
      method: 'PATCH',
      url: `/api/backend/v1/outlet/edit/${id}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${owner.token}` },
    });
    expect(added.statusCode).toBe(200);
    const [url] = added.json().data.documents;
    const item = (await queue()).data.find((r: { id: string }) => r.id === id);
    expect(item).toMatchObject({
      editedSinceApproval: true,
      changes: [{ field: 'documents', before: '', after: url }],
    });
  });
});

describe('with REVIEW_EDITS=true', () => {
  it("holds an owner's edit of an approved record back as pending, still showing the diff", async () => {
    const r = await testApp({ REVIEW_EDITS: 'true', RATE_LIMIT_FACTOR: '100' });
    try {
      const world = await buildWorld(r.db);
      const token = await r.app.tokens.issue(await makeUser(r.db, { role: 'admin' }));
      const c = await verifiedContributor(r, 'Reviewed');
      const id = (await outlet(r, world, c.token)).json().data.id;
      await call(r, 'POST', `/admin/records/outlet/${id}/approve`, token);
      expect(await publicOutlets(r)).toContain(id);
      const edit = await call(r, 'PATCH', `/outlet/edit/${id}`, c.token, { title: 'Renamed' });
      expect(edit.json().data.status).toBe('pending');
      expect(await publicOutlets(r)).not.toContain(id);
      const [item] = (await queue(r, token)).data;
      expect(item).toMatchObject({ id, status: 'pending', isPublic: false, editedSinceApproval: true });
      expect(item.changes).toEqual([{ field: 'title', before: 'Gupta Kirana', after: 'Renamed' }]);
      const counts = (await call(r, 'GET', '/admin/dashboard', token)).json().data;
      expect(counts).toMatchObject({ pending: { outlet: 1 }, editedSinceApproval: 0 });
      await call(r, 'POST', `/admin/records/outlet/${id}/approve`, token);
      expect(await publicOutlets(r)).toContain(id);
    } finally {
      await r.close();
    }
  });
});

describe('when the e-mail cannot be sent', () => {
  it('keeps the decision', async () => {
    const failing = await testApp(
      { RATE_LIMIT_FACTOR: '100' },
      { messenger: { send: async () => Promise.reject(new Error('SMTP down')) } },
    );
    try {
      const world = await buildWorld(failing.db);
      const token = await failing.app.tokens.issue(await makeUser(failing.db, { role: 'admin' }));
      const row = await makeOutlet(
        failing.db,
        { userId: world.users.alice.id, categoryIds: [world.categories.grocery.id] },
        { status: 'pending' },
      );
      const res = await call(failing, 'POST', `/admin/records/outlet/${row.id}/approve`, token);
      expect(res.statusCode).toBe(200);
      expect(await publicOutlets(failing)).toContain(row.id);
    } finally {
      await failing.close();
    }
  });
});
