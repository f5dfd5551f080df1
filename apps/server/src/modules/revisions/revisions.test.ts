import { API_ERRORS, apiPath, CONTENT_KIND_NAMES, CONTENT_KINDS, type TContentKind } from '@chaupal/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news, revisions } from '../../db/schema';
import { makeTaxon, makeUser } from '../../seed/factories';
import { api, verifiedContributor } from '../../test/accounts';
import { jpeg, pdf, upload } from '../../test/files';
import { validForms } from '../../test/forms';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { pruneOldRevisions } from '../content';

let t: TestContext;
let w: TWorld;
let owner: Awaited<ReturnType<typeof verifiedContributor>>;
let adminToken: string;
let otherToken: string;
let eventTypeId: string;
const a = api(() => t);

beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  owner = await verifiedContributor(t, 'Night Desk');
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
  otherToken = (await verifiedContributor(t, 'Someone Else')).token;
  eventTypeId = (await makeTaxon(t.db, 'eventTypes', { title: 'Markets' })).id;
}, 60_000);
afterAll(() => t?.close());

const paths = (kind: TContentKind) => CONTENT_KINDS[kind].api;
/** Adds a record of a kind as its owner, from the kind's valid form with `over`. */
async function add(kind: TContentKind, over: object = {}, token = owner.token) {
  const res = await a.post(paths(kind).add, { ...validForms(w, eventTypeId)[kind](), ...over }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; title: string };
}
async function edit(kind: TContentKind, id: string, fields: object, token = owner.token) {
  const res = await a.patch(apiPath(paths(kind).edit, { id }), fields, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const history = (kind: string, id: string, token = owner.token) => a.get(`/revisions/${kind}/${id}`, token);
const revision = (kind: string, id: string, rev: string, token = owner.token) =>
  a.get(`/revisions/${kind}/${id}/${rev}`, token);
const restore = (kind: string, id: string, rev: string, token = owner.token) =>
  a.post(`/revisions/${kind}/${id}/${rev}/restore`, {}, token);
/** The history's revisions, newest first, as the API lists them. */
async function listed(kind: TContentKind, id: string) {
  const res = await history(kind, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    createdAt: string;
    by: { id: string; name: string } | null;
    fields: string[];
  }[];
}
const approve = async (kind: TContentKind, id: string) =>
  expect((await a.post(`/admin/records/${kind}/${id}/approve`, {}, adminToken)).statusCode).toBe(200);
const newsRow = async (id: string) => (await t.db.select().from(news).where(eq(news.id, id)))[0];
const stored = (id: string) => t.db.select().from(revisions).where(eq(revisions.recordId, id));

/** The fields of a news item the form of `validForms` fills: what its first revision lists. */
const NEWS_FIELDS = [
  'title',
  'metaTitle',
  'circles',
  'blocks',
  'editionId',
  'location',
  'language',
  'reporter',
  'content',
  'description',
  'publishing_time',
];

describe('recording revisions', () => {
  it('keeps one revision a save for every kind, the first with every field it holds, then what changed', async () => {
    for (const kind of CONTENT_KIND_NAMES) {
      const record = await add(kind);
      await edit(kind, record.id, { title: `${record.title} again` });
      const revs = await listed(kind, record.id);
      expect(
        revs.map((r) => r.fields[0]),
        kind,
      ).toEqual(['title', 'title']);
      expect(revs[0]).toEqual({
        id: expect.any(String),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        by: { id: owner.id, name: 'Night Desk' },
        fields: ['title'],
      });
      expect(revs[1].fields.length, kind).toBeGreaterThan(4);
      expect(revs[1].fields, kind).toEqual(expect.arrayContaining(['title', 'circles', 'blocks']));
    }
  });

  it('keeps four revisions for a news item added and edited three times, each naming the fields it changed', async () => {
    const item = await add('news');
    await edit('news', item.id, { title: 'Market road resurfaced at last' });
    await edit('news', item.id, { content: '<p>The road is <b>smooth</b> again, says the ward.</p>' });
    await edit('news', item.id, {
      circles: [w.circles.north.id, w.circles.south.id],
      blocks: [w.blocks.market.id, w.blocks.riverside.id],
    });
    const revs = await listed('news', item.id);
    expect(revs.map((r) => r.fields)).toEqual([['circles', 'blocks'], ['content'], ['title'], NEWS_FIELDS]);
    expect(revs.map((r) => r.by)).toEqual(Array(4).fill({ id: owner.id, name: 'Night Desk' }));
    const times = revs.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('keeps nothing for a save that changes nothing', async () => {
    const item = await add('news');
    await edit('news', item.id, { title: 'Market road resurfaced', content: '<p>The road is smooth again.</p>' });
    await edit('news', item.id, {});
    expect(await listed('news', item.id)).toHaveLength(1);
  });

  it('keeps a record’s newest 50 revisions', async () => {
    const item = await add('news');
    const [first] = await stored(item.id);
    // 60 older revisions, a minute apart, as a busy record would have gathered.
    const base = Date.now() - 3 * 3_600_000;
    await t.db.insert(revisions).values(
      Array.from({ length: 60 }, (_, i) => ({
        kind: 'news' as const,
        recordId: item.id,
        userId: owner.id,
        values: { ...first.values, title: `Take ${i}` },
        fields: ['title'],
        createdAt: new Date(base + i * 60_000),
      })),
    );
    await edit('news', item.id, { title: 'The final take' });
    const revs = await listed('news', item.id);
    expect(revs).toHaveLength(50);
    const titles = await Promise.all(
      [revs[0], revs[1], revs[2], revs[49]].map(
        async (r) => (await revision('news', item.id, r.id)).json().data.values.title,
      ),
    );
    // The edit's, the record's first (it was added after those gathered), then the newest 48 of the 60.
    expect(titles).toEqual(['The final take', 'Market road resurfaced', 'Take 59', 'Take 12']);
  });

  it('removes a record’s revisions with the record', async () => {
    const item = await add('news');
    await edit('news', item.id, { title: 'Soon gone' });
    expect(await stored(item.id)).toHaveLength(2);
    expect((await a.delete(apiPath(paths('news').remove, { id: item.id }), owner.token)).statusCode).toBe(200);
    expect(await stored(item.id)).toEqual([]);
  });

  it('keeps a record stored without revisions (the seed, an import) as its first, so its first edit shows one change', async () => {
    const item = await add('news');
    const saved = new Date('2026-10-01T06:00:00Z');
    await t.db.delete(revisions).where(eq(revisions.recordId, item.id));
    await t.db.update(news).set({ updatedAt: saved }).where(eq(news.id, item.id));
    await edit('news', item.id, { location: 'Civil Lines' });
    const revs = await listed('news', item.id);
    expect(revs.map((r) => r.fields)).toEqual([['location'], NEWS_FIELDS]);
    expect(revs[1]).toMatchObject({ createdAt: saved.toISOString(), by: { id: owner.id, name: 'Night Desk' } });
    const changed = await revision('news', item.id, revs[0].id);
    expect(changed.json().data.changes).toEqual([{ field: 'location', before: 'Market', after: 'Civil Lines' }]);
  });
});

describe('a revision’s changes', () => {
  it('shows each revision against the one before, and the first against empty values, ids as names', async () => {
    const item = await add('news');
    await edit('news', item.id, { title: 'Market road resurfaced at last' });
    await edit('news', item.id, { content: '<p>The road is <b>smooth</b> again, says the ward.</p>' });
    await edit('news', item.id, {
      circles: [w.circles.north.id, w.circles.south.id],
      blocks: [w.blocks.market.id, w.blocks.riverside.id],
    });
    const [fourth, third, second, first] = await listed('news', item.id);
    const read = async (id: string) => {
      const res = await revision('news', item.id, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const body = await read(fourth.id);
    expect(body).toEqual({
      success: true,
      data: {
        ...fourth,
        values: expect.objectContaining({
          title: 'Market road resurfaced at last',
          circles: [w.circles.north.id, w.circles.south.id],
        }),
        changes: [
          { field: 'circles', before: 'North', after: 'North, South' },
          { field: 'blocks', before: 'Market', after: 'Market, Riverside' },
        ],
      },
    });
    expect((await read(third.id)).data.changes).toEqual([
      { field: 'content', before: 'The road is smooth again.', after: 'The road is smooth again, says the ward.' },
    ]);
    expect((await read(second.id)).data.changes).toEqual([
      { field: 'title', before: 'Market road resurfaced', after: 'Market road resurfaced at last' },
    ]);
    const firstChanges = (await read(first.id)).data.changes as { field: string; before: string; after: string }[];
    expect(firstChanges.map((c) => c.field)).toEqual(NEWS_FIELDS);
    expect(firstChanges.every((c) => c.before === '')).toBe(true);
    expect(firstChanges).toEqual(
      expect.arrayContaining([
        { field: 'title', before: '', after: 'Market road resurfaced' },
        { field: 'editionId', before: '', after: 'City' },
        { field: 'circles', before: '', after: 'North' },
        { field: 'reporter', before: '', after: 'R. Das' },
      ]),
    );
  });
});

describe('restoring a revision', () => {
  it('brings back the first revision’s values as a new revision, and sends the approved record back to the queue', async () => {
    const item = await add('news');
    await approve('news', item.id);
    await edit('news', item.id, { title: 'Market road resurfaced at last' });
    await edit('news', item.id, { content: '<p>Smooth, says the ward.</p>', reporter: 'S. Roy' });
    await edit('news', item.id, { circles: [w.circles.south.id], blocks: [w.blocks.harbour.id] });
    // Approved as it stands now, so the restore is the owner's edit of an approved record.
    await approve('news', item.id);
    expect(await newsRow(item.id)).toMatchObject({ status: 'active', editedAt: null });
    const revs = await listed('news', item.id);
    const first = revs[3];

    const res = await restore('news', item.id, first.id);
    expect(res.statusCode, res.body).toBe(200);
    const view = await a.get(apiPath(paths('news').view, { id: item.id }), owner.token);
    expect(res.json()).toEqual({ success: true, data: view.json().data, message: 'Revision restored' });
    expect(res.json().data).toMatchObject({ title: 'Market road resurfaced', reporter: 'R. Das' });

    const after = await listed('news', item.id);
    expect(after).toHaveLength(5);
    expect(after[0].fields).toEqual(['title', 'circles', 'blocks', 'reporter', 'content']);
    const [restored, original] = await Promise.all(
      [after[0].id, first.id].map(async (id) => (await revision('news', item.id, id)).json().data.values),
    );
    expect(restored).toEqual(original);
    // The owner's edit of an approved record: public still (edits are not held back), and in the queue again.
    const row = await newsRow(item.id);
    expect(row).toMatchObject({ status: 'active', isPublic: true });
    expect(row.editedAt).not.toBeNull();
    const queue = (await a.get('/admin/moderation?kind=news&edited=true', adminToken)).json().data;
    const queued = queue.find((r: { id: string }) => r.id === item.id);
    expect(queued).toMatchObject({ editedSinceApproval: true });
    expect(queued.changes).toContainEqual({
      field: 'title',
      before: 'Market road resurfaced at last',
      after: 'Market road resurfaced',
    });
  });

  it('restores for an admin too, whose edit leaves the record approved', async () => {
    const item = await add('news');
    await approve('news', item.id);
    await edit('news', item.id, { title: 'Changed by the owner' });
    await approve('news', item.id);
    const first = (await listed('news', item.id))[1];
    const res = await restore('news', item.id, first.id, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.title).toBe('Market road resurfaced');
    expect(await newsRow(item.id)).toMatchObject({ status: 'active', editedAt: null });
    expect((await listed('news', item.id))[0].by).toEqual({ id: expect.any(String), name: 'Ada Admin' });
  });

  it('restores the documents exactly, and keeps the current image when the revision’s is no longer stored', async () => {
    const file = (name: string, bytes: Buffer) => upload(t, owner.token, name, bytes);
    const [first, second] = [await file('first.jpg', await jpeg(31)), await file('second.jpg', await jpeg(32))];
    const [kept, added, shared] = [
      await file('kept.pdf', pdf('kept')),
      await file('added.pdf', pdf('added')),
      await file('shared.pdf', pdf('shared')),
    ];
    // Another record uses the shared document, so it stays stored when this record stops using it.
    await add('news', { documents: [shared] });
    const item = await add('news', { image: first, documents: [kept, shared] });
    const [original] = await listed('news', item.id);
    await edit('news', item.id, { image: second, documents: [added], deleteDocuments: [shared] });
    // The first image is used by nothing now: it was removed from the store with that edit.
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    const res = await restore('news', item.id, original.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Market road resurfaced',
      image: second,
      documents: [kept, shared],
    });
  });

  it('does nothing but answer when the record already holds the revision’s values', async () => {
    const item = await add('news');
    const [only] = await listed('news', item.id);
    const res = await restore('news', item.id, only.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Revision restored');
    expect(await listed('news', item.id)).toHaveLength(1);
  });
});

describe('restoring where edits are reviewed (REVIEW_EDITS)', () => {
  let reviewed: TestContext;
  const r = api(() => reviewed);
  let person: Awaited<ReturnType<typeof verifiedContributor>>;
  let admin: string;
  beforeAll(async () => {
    reviewed = await testApp({ RATE_LIMIT_FACTOR: '100', REVIEW_EDITS: 'true' });
    const world = await buildWorld(reviewed.db);
    person = await verifiedContributor(reviewed, 'Careful Owner');
    admin = await reviewed.app.tokens.issue(await makeUser(reviewed.db, { role: 'admin' }));
    const created = await r.post('/news/add', validForms(world).news(), person.token);
    expect(created.statusCode).toBe(200);
    itemId = created.json().data.id;
  }, 60_000);
  afterAll(() => reviewed?.close());
  let itemId: string;

  it('makes the approved record pending again until an admin approves the restore', async () => {
    const approveIt = async () =>
      expect((await r.post(`/admin/records/news/${itemId}/approve`, {}, admin)).statusCode).toBe(200);
    await approveIt();
    expect((await r.patch(`/news/edit/${itemId}`, { title: 'Second thoughts' }, person.token)).statusCode).toBe(200);
    await approveIt();
    const revs = (await r.get(`/revisions/news/${itemId}`, person.token)).json().data;
    const res = await r.post(`/revisions/news/${itemId}/${revs[1].id}/restore`, {}, person.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Market road resurfaced', status: 'pending' });
    const [row] = await reviewed.db.select().from(news).where(eq(news.id, itemId));
    expect(row).toMatchObject({ status: 'pending', isPublic: false });
    expect(row.editedAt).not.toBeNull();
  });
});

describe('who may read and restore', () => {
  let item: { id: string };
  let rev: string;
  beforeAll(async () => {
    item = await add('news');
    rev = (await listed('news', item.id))[0].id;
  });
  const FORBIDDEN = { success: false, error: API_ERRORS.forbidden };
  const NOT_FOUND = { success: false, error: API_ERRORS.notFound };

  it('refuses someone else with 403 on the history, a revision and a restore', async () => {
    for (const res of [
      await history('news', item.id, otherToken),
      await revision('news', item.id, rev, otherToken),
      await restore('news', item.id, rev, otherToken),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await stored(item.id)).toHaveLength(1);
  });

  it('lets an admin read any record’s history', async () => {
    const res = await history('news', item.id, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([rev]);
  });

  it('refuses a signed-out caller with 401', async () => {
    for (const res of [
      await a.get(`/revisions/news/${item.id}`),
      await a.get(`/revisions/news/${item.id}/${rev}`),
      await a.post(`/revisions/news/${item.id}/${rev}/restore`, {}),
      await a.get('/revisions/review/nothing'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: API_ERRORS.unauthorized });
    }
  });

  it('answers 404 for an unknown revision, record, or a revision of another record', async () => {
    const other = await add('news');
    const otherRev = (await listed('news', other.id))[0].id;
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await revision('news', item.id, unknown),
      await revision('news', item.id, 'not-a-revision'),
      await revision('news', item.id, otherRev),
      await restore('news', item.id, unknown),
      await history('news', unknown),
      await history('feature', item.id),
      await restore('news', unknown, rev),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('refuses a kind that is none with 400 and details', async () => {
    for (const res of [
      await history('review', item.id),
      await revision('newss', item.id, rev),
      await restore('Expert', item.id, rev),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: API_ERRORS.validation,
        details: [{ parameter: 'kind', errors: ['Must be one of: expert, outlet, news, feature, event'] }],
      });
    }
  });
});

describe('the daily prune', () => {
  const YEAR = 366 * 86_400_000;
  it('removes revisions older than a year but each record’s newest', async () => {
    const [kept, alone, fresh] = [await add('news'), await add('news'), await add('news')];
    const [template] = await stored(kept.id);
    await t.db.delete(revisions).where(sql`${revisions.recordId} in (${kept.id}, ${alone.id}, ${fresh.id})`);
    const at = (id: string, ago: number, title: string) => ({
      kind: 'news' as const,
      recordId: id,
      userId: owner.id,
      values: { ...template.values, title },
      fields: ['title'],
      createdAt: new Date(Date.now() - ago),
    });
    await t.db
      .insert(revisions)
      .values([
        at(kept.id, YEAR + 3 * 86_400_000, 'oldest'),
        at(kept.id, YEAR + 2 * 86_400_000, 'older'),
        at(kept.id, YEAR + 86_400_000, 'newest but old'),
        at(alone.id, 3 * YEAR, 'only one'),
        at(fresh.id, 2 * YEAR, 'long ago'),
        at(fresh.id, 86_400_000, 'yesterday'),
      ]);
    expect(await pruneOldRevisions(t.db)).toBeGreaterThanOrEqual(3);
    const titles = async (id: string) =>
      (await t.db.select().from(revisions).where(eq(revisions.recordId, id)).orderBy(desc(revisions.createdAt))).map(
        (r) => r.values.title,
      );
    expect(await titles(kept.id)).toEqual(['newest but old']);
    expect(await titles(alone.id)).toEqual(['only one']);
    expect(await titles(fresh.id)).toEqual(['yesterday']);
  });

  it('is scheduled daily on the job queue', async () => {
    const { rows } = (await t.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'revision-prune'`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(rows).toEqual([{ name: 'revision-prune', cron: '40 3 * * *' }]);
  });
});

describe('the API document', () => {
  it('describes the three revision calls', () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    expect(Object.keys(doc.paths['/api/backend/v1/revisions/{kind}/{id}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/backend/v1/revisions/{kind}/{id}/{revisionId}'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/backend/v1/revisions/{kind}/{id}/{revisionId}/restore'])).toEqual(['post']);
  });
});
