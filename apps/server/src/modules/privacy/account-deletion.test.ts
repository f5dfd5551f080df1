import { FORMER_MEMBER_NAME } from '@chaupal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  consents,
  documents,
  experts,
  features,
  loginEvents,
  news,
  outbox,
  outlets,
  revisions,
  uploads,
  users,
  verifications,
} from '../../db/schema';
import { makePolicy, makeUser } from '../../seed/factories';
import { api, lastCode } from '../../test/accounts';
import { pdf } from '../../test/files';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { FORMER_MEMBER_ID } from './account-deletion.service';
import { type TOwner, withRecords } from './privacy-fixtures';

let t: TestContext;
let w: TWorld;
let adminToken: string;
const a = api(() => t);
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100', AUTO_APPROVE: 'true' });
  w = await buildWorld(t.db);
  await makePolicy(t.db, { type: 1, title: 'Privacy Policy' });
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
}, 60_000);
afterAll(() => t.close());

const TABLES = { expert: experts, outlet: outlets, news, feature: features } as const;
const fileStatus = async (url: string) => (await t.app.inject({ url })).statusCode;

/** Every row of every table of the database, as text: where a person's address could still be. */
async function everyRowAsText(): Promise<string> {
  const { rows } = (await t.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const texts: string[] = [];
  for (const { name } of rows) {
    const r = (await t.db.execute(sql`select t::text as row from ${sql.identifier(name)} t`)) as unknown as {
      rows: { row: string }[];
    };
    texts.push(...r.rows.map((x) => x.row));
  }
  return texts.join('\n');
}

async function deleteWithCode(owner: TOwner) {
  const sent = await a.post('/user/profile/delete/code', {}, owner.token);
  expect(sent.statusCode).toBe(200);
  const { verificationId, sentTo } = sent.json().data;
  expect(sent.json().message).toBe('OTP Send Successfully');
  expect(sentTo).toBe(owner.email.replace(/^(.)[^@]*/, '$1•••'));
  const res = await a.post(
    '/user/profile/delete',
    { verificationId, token: await lastCode(t, owner.email) },
    owner.token,
  );
  return res;
}

async function rowsOf(owner: TOwner) {
  const ids = (k: keyof typeof TABLES) => owner.records[k].id;
  return {
    user: await t.db.select().from(users).where(eq(users.id, owner.id)),
    consents: await t.db.select().from(consents).where(eq(consents.userId, owner.id)),
    logins: await t.db.select().from(loginEvents).where(eq(loginEvents.userId, owner.id)),
    codes: await t.db.select().from(verifications).where(eq(verifications.userId, owner.id)),
    messages: await t.db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [owner.email, owner.phone])),
    uploads: await t.db.select().from(uploads).where(eq(uploads.userId, owner.id)),
    records: await Promise.all(
      (Object.keys(TABLES) as (keyof typeof TABLES)[]).map((k) =>
        t.db
          .select()
          .from(TABLES[k])
          .where(eq(TABLES[k].id, ids(k))),
      ),
    ),
    documents: await t.db
      .select()
      .from(documents)
      .where(
        inArray(
          documents.ownerId,
          Object.values(owner.records).map((r) => r.id),
        ),
      ),
  };
}

describe('Delete my account: refusals', () => {
  let owner: TOwner;
  beforeAll(async () => {
    owner = await withRecords(t, w, 'Nina Shah', 'nina', pdf('nina shared'));
  });

  it('refuses a wrong code, a code of another kind and a missing id with the SPEC §8 body, and keeps the account', async () => {
    const { verificationId } = (await a.post('/user/profile/delete/code', {}, owner.token)).json().data;
    const wrong = await a.post('/user/profile/delete', { verificationId, token: '000000' }, owner.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      success: false,
      error: 'Invalid Token',
      details: [{ parameter: 'token', errors: ['Invalid Token'] }],
    });
    const [emailCode] = await t.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.userId, owner.id), eq(verifications.type, 1)));
    const otherKind = await a.post(
      '/user/profile/delete',
      { verificationId: emailCode.id, token: '123456' },
      owner.token,
    );
    expect(otherKind.statusCode).toBe(400);
    expect(otherKind.json().error).toBe('Invalid Token');
    const missing = await a.post('/user/profile/delete', { token: '123456' }, owner.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      error: expect.any(String),
      details: [{ parameter: 'verificationId', errors: ['Required'] }],
    });
    expect((await a.get('/user/profile/view', owner.token)).statusCode).toBe(200);
  });

  it('needs a signed-in account, and refuses an admin account with 409', async () => {
    const anonymous = await a.post('/user/profile/delete/code', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, error: 'Sign in to continue.' });
    const admin = await a.post('/user/profile/delete/code', {}, adminToken);
    expect(admin.statusCode).toBe(409);
    expect(admin.json()).toEqual({
      success: false,
      error: 'An admin account cannot be deleted; ask another admin to make it a customer account first.',
    });
  });
});

describe('Delete my account: records removed (the default)', () => {
  let gone: TOwner;
  let stays: TOwner;
  let res: Awaited<ReturnType<typeof deleteWithCode>>;
  // One deletion, made here, that every test below looks at from its own side.
  beforeAll(async () => {
    const shared = pdf('shared by both');
    gone = await withRecords(t, w, 'Asha Verma', 'asha', shared);
    stays = await withRecords(t, w, 'Ravi Kumar', 'ravi-kumar', shared);
    const mode = await a.put('/admin/home/privacy', { accountDeletion: 'remove' }, adminToken);
    expect(mode.statusCode).toBe(200);
    // An admin's earlier change of the account is in the audit log with its e-mail and phone.
    const patched = await a.patch(`/admin/users/${gone.id}`, { emailVerified: true }, adminToken);
    expect(patched.statusCode).toBe(200);
    res = await deleteWithCode(gone);
  }, 60_000);

  it('deletes the account, its records and files, and its token stops working at once', async () => {
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Account Deleted',
      data: { mode: 'remove', filesRemoved: 2 },
    });
    const again = await a.get('/user/profile/view', gone.token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, error: 'Sign in to continue.' });
    expect((await a.get('/user/profile/data', gone.token)).statusCode).toBe(401);
    const login = await a.post('/login', { userName: gone.email, password: gone.password });
    expect(login.statusCode).toBe(401);
  });

  it('leaves no row of the person and no orphan', async () => {
    const left = await rowsOf(gone);
    for (const [what, rows] of Object.entries(left)) {
      if (what === 'records') for (const r of rows as unknown[][]) expect(r).toEqual([]);
      else expect(rows, what).toEqual([]);
    }
    const { rows: orphans } = (await t.db.execute(sql`
      select count(*)::int as n from documents d where not exists (
        select 1 from experts where id = d.owner_id union all select 1 from outlets where id = d.owner_id
        union all select 1 from news where id = d.owner_id union all select 1 from features where id = d.owner_id)`)) as unknown as {
      rows: { n: number }[];
    };
    expect(orphans[0].n).toBe(0);
    const text = await everyRowAsText();
    for (const trace of [gone.email, gone.phone, 'Asha Verma']) expect(text).not.toContain(trace);
  });

  it('removes the files only the person used, keeps the one another record uses', async () => {
    expect(await fileStatus(gone.files.image)).toBe(404);
    expect(await fileStatus(gone.files.doc)).toBe(404);
    expect(await fileStatus(gone.files.sharedDoc)).toBe(200);
    const [shared] = await t.db.select().from(uploads).where(eq(uploads.url, gone.files.sharedDoc));
    expect(shared.userId).toBeNull();
    expect(
      await t.db
        .select()
        .from(uploads)
        .where(inArray(uploads.url, [gone.files.image, gone.files.doc])),
    ).toEqual([]);
  });

  it('leaves the other person’s account, records and files as they were', async () => {
    expect((await a.get('/user/profile/view', stays.token)).statusCode).toBe(200);
    const data = (await a.get('/user/profile/data', stays.token)).json().data;
    for (const kind of Object.keys(TABLES) as (keyof typeof TABLES)[])
      expect(data.records[kind].map((r: { id: string }) => r.id)).toEqual([stays.records[kind].id]);
    for (const url of Object.values(stays.files)) expect(await fileStatus(url)).toBe(200);
  });

  it('is audited without personal data', async () => {
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, gone.id)))
      .orderBy(asc(auditLog.createdAt));
    expect(
      entries.map(({ action, actorId, before, after, reason }) => ({ action, actorId, before, after, reason })),
    ).toEqual([
      // The admin's change stays a fact, without what the account held.
      { action: 'update', actorId: expect.any(String), before: null, after: null, reason: null },
      {
        before: null,
        action: 'delete',
        actorId: null,
        after: { mode: 'remove', records: { expert: 1, outlet: 1, news: 1, feature: 1, event: 0 } },
        reason: 'Deleted by the account holder',
      },
    ]);
  });
});

describe('Delete my account: records anonymised (the admin setting)', () => {
  let owner: TOwner;
  beforeAll(async () => {
    owner = await withRecords(t, w, 'Meena Rao', 'meena', pdf('meena shared'));
  }, 60_000);
  afterAll(async () => {
    await a.put('/admin/home/privacy', { accountDeletion: 'remove' }, adminToken);
  });

  it('is set in the admin settings, refusing a value it does not know with the SPEC §8 body', async () => {
    const bad = await a.put('/admin/home/privacy', { accountDeletion: 'shred' }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ parameter: 'accountDeletion', errors: ['Must be remove or anonymise'] }]);
    const ok = await a.put('/admin/home/privacy', { accountDeletion: 'anonymise' }, adminToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ accountDeletion: 'anonymise' });
    expect((await a.get('/admin/home', adminToken)).json().data.privacy).toEqual({ accountDeletion: 'anonymise' });
  });

  it('keeps the records public under "Former member", with their files, and ends the account', async () => {
    await a.put('/admin/home/privacy', { accountDeletion: 'anonymise' }, adminToken);
    const res = await deleteWithCode(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ mode: 'anonymise', filesRemoved: 0 });
    expect((await a.get('/user/profile/view', owner.token)).statusCode).toBe(401);

    const left = await rowsOf(owner);
    expect(left.user).toEqual([]);
    expect(left.consents).toEqual([]);
    expect(left.logins).toEqual([]);
    expect(left.codes).toEqual([]);
    expect(left.messages).toEqual([]);
    expect(left.uploads).toEqual([]);
    for (const [row] of left.records) expect(row).toMatchObject({ userId: FORMER_MEMBER_ID, isPublic: true });
    const [newsRow] = await t.db.select().from(news).where(eq(news.id, owner.records.news.id));
    expect(newsRow.reporter).toBe(FORMER_MEMBER_NAME);
    const [featureRow] = await t.db.select().from(features).where(eq(features.id, owner.records.feature.id));
    expect(featureRow.author).toBe(FORMER_MEMBER_NAME);
    expect(left.documents).toHaveLength(8);
    for (const url of Object.values(owner.files)) expect(await fileStatus(url)).toBe(200);
    const page = await a.get(`/experts/slug/${owner.records.expert.slug}`);
    expect(page.statusCode).toBe(200);

    const text = await everyRowAsText();
    for (const trace of [owner.email, owner.phone]) expect(text).not.toContain(trace);
    const [former] = await t.db.select().from(users).where(eq(users.id, FORMER_MEMBER_ID));
    expect(former).toMatchObject({ name: FORMER_MEMBER_NAME, status: 'active' });
    const signIn = await a.post('/login', { userName: former.email, password: '!' });
    expect(signIn.statusCode).toBe(401);
  });
});

describe('Delete my account: revisions', () => {
  /** Makes the owner an editor, who edits another person's news: a revision of theirs on a record not theirs. */
  async function editorWithRevisionElsewhere(owner: TOwner, other: TOwner) {
    await t.db.update(users).set({ role: 'editor' }).where(eq(users.id, owner.id));
    const res = await a.patch(`/news/edit/${other.records.news.id}`, { title: 'Fixed by the desk' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
  }
  const revisionsOf = (owner: TOwner) =>
    t.db
      .select()
      .from(revisions)
      .where(
        inArray(
          revisions.recordId,
          Object.values(owner.records).map((r) => r.id),
        ),
      );

  it('removes the revisions of the person’s records, and keeps theirs of others’ records without an author', async () => {
    const gone = await withRecords(t, w, 'Vikram Shah', 'vikram', pdf('vikram shared'));
    const stays = await withRecords(t, w, 'Lata Iyer', 'lata', pdf('lata shared'));
    await editorWithRevisionElsewhere(gone, stays);
    expect(await revisionsOf(gone)).toHaveLength(4);
    expect((await a.put('/admin/home/privacy', { accountDeletion: 'remove' }, adminToken)).statusCode).toBe(200);
    expect((await deleteWithCode(gone)).statusCode).toBe(200);

    expect(await revisionsOf(gone)).toEqual([]);
    const [edit, created] = (await a.get(`/revisions/news/${stays.records.news.id}`, stays.token)).json().data;
    expect(edit).toMatchObject({ by: null, fields: ['title'] });
    expect(created.by).toEqual({ id: stays.id, name: 'Lata Iyer' });
    const [row] = await t.db.select().from(revisions).where(eq(revisions.id, edit.id));
    expect(row.userId).toBeNull();
    expect(row.values.title).toBe('Fixed by the desk');
  });

  it('removes the history of records kept under "Former member", which holds the person’s words and name', async () => {
    const gone = await withRecords(t, w, 'Nisha Pal', 'nisha', pdf('nisha shared'));
    const stays = await withRecords(t, w, 'Omar Khan', 'omar', pdf('omar shared'));
    await editorWithRevisionElsewhere(gone, stays);
    expect((await a.put('/admin/home/privacy', { accountDeletion: 'anonymise' }, adminToken)).statusCode).toBe(200);
    try {
      expect((await deleteWithCode(gone)).statusCode).toBe(200);
    } finally {
      await a.put('/admin/home/privacy', { accountDeletion: 'remove' }, adminToken);
    }
    expect(await revisionsOf(gone)).toEqual([]);
    const [kept] = await t.db.select().from(news).where(eq(news.id, gone.records.news.id));
    expect(kept.userId).toBe(FORMER_MEMBER_ID);
    const [edit] = (await a.get(`/revisions/news/${stays.records.news.id}`, stays.token)).json().data;
    expect(edit).toMatchObject({ by: null, fields: ['title'] });
  });
});
