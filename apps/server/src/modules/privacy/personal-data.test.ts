import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePolicy, makeUser } from '../../seed/factories';
import { api, verifiedContributor } from '../../test/accounts';
import { pdf } from '../../test/files';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { type TOwner, withRecords } from './privacy-fixtures';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

let t: TestContext;
let w: TWorld;
let policy: Awaited<ReturnType<typeof makePolicy>>;
let asha: TOwner;
let ravi: TOwner;
/** Registered before the site had a privacy policy. */
let early: Awaited<ReturnType<typeof verifiedContributor>>;
const a = api(() => t);
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  early = await verifiedContributor(t, 'Early Bird');
  policy = await makePolicy(t.db, { type: 1, title: 'Privacy Policy' });
  const shared = pdf('shared by both');
  asha = await withRecords(t, w, 'Asha Verma', 'asha', shared);
  ravi = await withRecords(t, w, 'Ravi Kumar', 'ravi-kumar', shared);
}, 60_000);
afterAll(() => t.close());

describe('consent and sign-ins', () => {
  it('keeps the privacy policy agreed to at registration, by id, title and version', async () => {
    const data = (await a.get('/user/profile/data', asha.token)).json().data;
    expect(data.consents).toEqual([
      {
        policyId: policy.id,
        policyTitle: 'Privacy Policy',
        policyVersion: policy.updatedAt.toISOString(),
        acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('records that there was no privacy policy when the site had none', async () => {
    const data = (await a.get('/user/profile/data', early.token)).json().data;
    expect(data.consents).toEqual([
      { policyId: null, policyTitle: 'none', policyVersion: 'none', acceptedAt: expect.any(String) },
    ]);
  });

  it('keeps each sign-in with its browser family and no address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/login',
      payload: { userName: asha.email, password: asha.password },
      headers: { 'user-agent': ANDROID_CHROME, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(200);
    const data = (await a.get('/user/profile/data', asha.token)).json().data;
    expect(data.logins[0]).toEqual({ at: expect.any(String), agent: 'Chrome on Android' });
    expect(data.logins).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain('203.0.113.9');
  });
});

describe('Download my data', () => {
  it('holds exactly the person’s profile, records, files, consent and sign-ins, and nobody else’s', async () => {
    const res = await a.get('/user/profile/data', asha.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { success, data } = res.json();
    expect(success).toBe(true);
    expect(data.site).toBe('Chaupal');
    expect(data.profile).toEqual({
      id: asha.id,
      name: 'Asha Verma',
      email: asha.email,
      phone: asha.phone,
      role: 'customer',
      status: 'active',
      emailVerified: true,
      phoneVerified: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    for (const kind of ['expert', 'outlet', 'news', 'feature'] as const) {
      expect(data.records[kind].map((r: { id: string }) => r.id)).toEqual([asha.records[kind].id]);
      expect(data.records[kind][0]).toMatchObject({
        circles: ['North'],
        localities: ['Market'],
        documents: [asha.files.doc, asha.files.sharedDoc],
        status: 'pending',
      });
    }
    expect(data.records.expert[0]).toMatchObject({ title: 'Asha Verma the plumber', parents: ['Doctors'] });
    expect(data.records.news[0]).toMatchObject({ reporter: 'Asha Verma', parents: ['City'] });
    expect(data.records.feature[0]).toMatchObject({ photo: asha.files.image, parents: ['Food'] });
    // The shared file was stored first by Asha: it is hers; Ravi's upload of the same bytes named the same file.
    expect(data.uploads.map((u: { url: string }) => u.url).sort()).toEqual(
      [asha.files.image, asha.files.doc, asha.files.sharedDoc].sort(),
    );
    const text = JSON.stringify(data);
    for (const other of [
      ravi.email,
      ravi.phone,
      ravi.id,
      'Ravi Kumar',
      ravi.files.doc,
      ravi.files.image,
      w.users.alice.id,
    ])
      expect(text).not.toContain(other);
    expect(text).not.toMatch(/password|argon2|token_?version|codeHash/i);
  });

  it('is the other person’s own for the other person', async () => {
    const data = (await a.get('/user/profile/data', ravi.token)).json().data;
    expect(data.profile.email).toBe(ravi.email);
    expect(data.records.outlet.map((r: { id: string }) => r.id)).toEqual([ravi.records.outlet.id]);
    expect(data.uploads.map((u: { url: string }) => u.url).sort()).toEqual([ravi.files.image, ravi.files.doc].sort());
    expect(JSON.stringify(data)).not.toContain(asha.email);
  });

  it('needs a signed-in account (SPEC §8 body)', async () => {
    const res = await a.get('/user/profile/data');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Sign in to continue.' });
  });
});

describe('Download my data: revisions', () => {
  it('holds the revisions of the person’s records, whoever saved them, and what the person changed of others’', async () => {
    const kiran = await withRecords(t, w, 'Kiran Das', 'kiran', pdf('kiran shared'));
    const admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
    const adminToken = await t.app.tokens.issue(admin);
    const news = kiran.records.news.id;
    const edited = await a.patch(`/news/edit/${news}`, { title: 'Kiran Das reports the fair, corrected' }, adminToken);
    expect(edited.statusCode).toBe(200);

    const data = (await a.get('/user/profile/data', kiran.token)).json().data;
    const byRecord = (kind: string, id: string) =>
      data.revisions.filter((r: { kind: string; recordId: string }) => r.kind === kind && r.recordId === id);
    for (const kind of ['expert', 'outlet', 'feature'] as const) {
      expect(byRecord(kind, kiran.records[kind].id)).toEqual([
        {
          id: expect.any(String),
          kind,
          recordId: kiran.records[kind].id,
          yourRecord: true,
          savedByYou: true,
          fields: expect.arrayContaining(['title', 'circles']),
          values: expect.objectContaining({ title: expect.stringContaining('Kiran Das') }),
          createdAt: expect.any(String),
        },
      ]);
    }
    const newsRevisions = byRecord('news', news);
    expect(newsRevisions.map((r: { savedByYou: boolean; fields: string[] }) => [r.savedByYou, r.fields[0]])).toEqual([
      [true, 'title'],
      [false, 'title'],
    ]);
    expect(newsRevisions[1].values.title).toBe('Kiran Das reports the fair, corrected');
    expect(data.revisions).toHaveLength(5);
    // Who else saved one is not said.
    expect(JSON.stringify(data)).not.toContain(admin.id);
    expect(JSON.stringify(data)).not.toContain('Ada Admin');

    // The admin's own download holds the revision they saved of Kiran's news.
    const mine = (await a.get('/user/profile/data', adminToken)).json().data.revisions;
    // Which fields they changed, never the values of Kiran's record (Kiran's phone, address and words).
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'news',
        recordId: news,
        yourRecord: false,
        savedByYou: true,
        fields: ['title'],
        values: null,
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain('Kiran Das');
  });
});

describe('the API document', () => {
  it('describes the download and the deletion calls', () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    expect(Object.keys(doc.paths['/api/backend/v1/user/profile/data'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/backend/v1/user/profile/delete/code'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/backend/v1/user/profile/delete'])).toEqual(['post']);
  });
});
