import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePolicy } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  const privacy = await makePolicy(t.db, {
    type: 1,
    title: 'Privacy Policy',
    content: '<h2>Data</h2><p>We keep little.</p>',
  });
  const terms = await makePolicy(t.db, { type: 2, title: 'Terms & Conditions' });
  const copyright = await makePolicy(t.db, { type: 3, title: 'Copyright', content: '<p>© 2026 Chaupal</p>' });
  const draft = await makePolicy(t.db, { type: 1, title: 'Draft Policy', status: 'hold' });
  ids = { privacy: privacy.id, terms: terms.id, copyright: copyright.id, draft: draft.id };
});
afterAll(() => t.close());

const { get } = api(() => t);

describe('policies', () => {
  it('lists active policies and terms, never the Copyright type or a held one', async () => {
    const res = await get('/policy/viewall/public?status=active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          id: ids.privacy,
          slug: 'privacy-policy',
          title: 'Privacy Policy',
          content: '<h2>Data</h2><p>We keep little.</p>',
          type: 1,
          status: 'active',
        },
        {
          id: ids.terms,
          slug: 'terms-and-conditions',
          title: 'Terms & Conditions',
          content: '<p>Text.</p>',
          type: 2,
          status: 'active',
        },
      ],
    });
  });

  it('gives one policy by id or slug', async () => {
    for (const ref of [ids.terms, 'terms-and-conditions']) {
      const res = await get(`/policy/view/${ref}/public`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ title: 'Terms & Conditions', type: 2 });
    }
  });

  it('answers 404 for the Copyright policy, a held one and an unknown one', async () => {
    for (const ref of [ids.copyright, ids.draft, 'nothing-here']) {
      const res = await get(`/policy/view/${ref}/public`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found.' });
    }
  });
});
