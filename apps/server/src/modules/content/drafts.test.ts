import { CONTENT_KIND_NAMES, CONTENT_KINDS, type TContentKind } from '@chaupal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTaxon, makeUser } from '../../seed/factories';
import { api, verifiedContributor } from '../../test/accounts';
import { validForms } from '../../test/forms';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

/**
 * Drafts (decision 033) through the contributor API of every kind: a draft is the owner's alone, off the site and out
 * of the moderation queue, until it is submitted; a submission then follows the usual rules.
 */
let t: TestContext;
let w: TWorld;
let forms: ReturnType<typeof validForms>;
let owner: Awaited<ReturnType<typeof verifiedContributor>>;
let adminToken: string;

beforeAll(async () => {
  t = await testApp({ AUTO_APPROVE: 'false', RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  forms = validForms(w, (await makeTaxon(t.db, 'eventTypes', { title: 'Markets' })).id);
  owner = await verifiedContributor(t, 'Drafting Desk');
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
});
afterAll(() => t?.close());

const { call } = api(() => t);
const path = (p: string, id = '') => p.replace(':id', id);

describe.each(CONTENT_KIND_NAMES.map((kind) => ({ kind })))('a $kind draft', ({ kind }) => {
  const { api: paths } = CONTENT_KINDS[kind as TContentKind];
  const add = (payload: object) => call('POST', paths.add, { token: owner.token, payload });
  const edit = (id: string, payload: object, token = owner.token) =>
    call('PATCH', path(paths.edit, id), { token, payload });
  const inQueue = async (id: string) =>
    (await call('GET', '/admin/moderation?pageSize=100', { token: adminToken }))
      .json()
      .data.some((r: { id: string }) => r.id === id);
  const isPublic = async (slug: string) => (await call('GET', paths.detail.replace(':slug', slug))).statusCode === 200;

  it('is saved as a draft: the owner lists it, the site and the moderation queue do not', async () => {
    const res = await add({ ...forms[kind](), title: `Draft ${kind} one`, draft: true });
    expect(res.statusCode, res.body).toBe(200);
    const { id, slug, status } = res.json().data;
    expect(status).toBe('draft');
    expect(res.json().message).toBe('Draft saved');
    const mine = (await call('GET', `${paths.mine}?pageSize=100`, { token: owner.token })).json().data;
    expect(mine.find((r: { id: string }) => r.id === id)).toMatchObject({ status: 'draft' });
    expect(await inQueue(id)).toBe(false);
    expect(await isPublic(slug)).toBe(false);
  });

  it('stays a draft when saved again, and is submitted to moderation by draft=false', async () => {
    const { id, slug } = (await add({ ...forms[kind](), title: `Draft ${kind} two`, draft: 'true' })).json().data;
    const again = await edit(id, { title: `Draft ${kind} two, longer` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Draft saved',
      data: { status: 'draft', title: `Draft ${kind} two, longer` },
    });
    expect(await inQueue(id)).toBe(false);

    const submitted = await edit(id, { draft: 'false' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ message: 'Edited Successfully', data: { status: 'pending' } });
    expect(await inQueue(id)).toBe(true);
    expect(await isPublic(slug)).toBe(false);

    const approved = await call('POST', `/admin/records/${kind}/${id}/approve`, { token: adminToken, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await isPublic(slug)).toBe(true);
  });

  it('takes a public record off the site when its owner makes it a draft again', async () => {
    const { id, slug } = (await add({ ...forms[kind](), title: `Draft ${kind} three` })).json().data;
    await call('POST', `/admin/records/${kind}/${id}/approve`, { token: adminToken, payload: {} });
    expect(await isPublic(slug)).toBe(true);
    const drafted = await edit(id, { draft: true });
    expect(drafted.json().data.status).toBe('draft');
    expect(await isPublic(slug)).toBe(false);
    expect(await inQueue(id)).toBe(false);
  });

  it('passes the same checks as a submission, and refuses a draft flag that is not true or false', async () => {
    const { title: _, ...untitled } = forms[kind]();
    const res = await add({ ...untitled, draft: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ parameter: 'title', errors: ['Required'] });
    const bad = await add({ ...forms[kind](), draft: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      details: [{ parameter: 'draft', errors: ['Must be true or false'] }],
    });
  });
});

describe('a draft where records are approved at once', () => {
  it('is public as soon as it is submitted', async () => {
    const auto = await testApp({ AUTO_APPROVE: 'true', RATE_LIMIT_FACTOR: '100' });
    try {
      const world = await buildWorld(auto.db);
      const person = await verifiedContributor(auto, 'Quick Reporter');
      const { call: send } = api(() => auto);
      const news = CONTENT_KINDS.news.api;
      const draft = await send('POST', news.add, {
        token: person.token,
        payload: { ...validForms(world).news(), draft: true },
      });
      expect(draft.json().data.status).toBe('draft');
      const { id, slug } = draft.json().data;
      expect((await send('GET', news.detail.replace(':slug', slug))).statusCode).toBe(404);
      const submitted = await send('PATCH', news.edit.replace(':id', id), {
        token: person.token,
        payload: { draft: false },
      });
      expect(submitted.json().data.status).toBe('active');
      expect((await send('GET', news.detail.replace(':slug', slug))).statusCode).toBe(200);
    } finally {
      await auto.close();
    }
  });
});
