import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
});
afterAll(() => t.close());

const { get } = api(() => t);

describe('circles and localities', () => {
  it('lists active circles in their order, without held ones', async () => {
    const res = await get('/circles/view?status=active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [
        { id: w.circles.north.id, slug: 'north', name: 'North', status: 'active' },
        { id: w.circles.south.id, slug: 'south', name: 'South', status: 'active' },
      ],
    });
  });

  it('shows only active records even when status=hold is asked', async () => {
    const res = await get('/circles/view?status=hold');
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['North', 'South']);
  });

  it('lists the localities of the chosen circles with circles[]', async () => {
    const res = await get(`/blocks/view?status=active&circles[]=${w.circles.south.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: w.blocks.harbour.id,
        slug: 'harbour',
        name: 'Harbour',
        status: 'active',
        circles: [{ id: w.circles.south.id, name: 'South', slug: 'south' }],
      },
      {
        id: w.blocks.riverside.id,
        slug: 'riverside',
        name: 'Riverside',
        status: 'active',
        circles: [
          { id: w.circles.north.id, name: 'North', slug: 'north' },
          { id: w.circles.south.id, name: 'South', slug: 'south' },
        ],
      },
    ]);
  });

  it('accepts circles repeated, with or without brackets, and by slug', async () => {
    const res = await get(`/blocks/view?circles=north&circles[]=${w.circles.south.id}`);
    expect(res.json().data.map((b: { name: string }) => b.name)).toEqual(['Harbour', 'Market', 'Riverside']);
  });

  it('lists every active locality without a circle, never a held one', async () => {
    const res = await get('/blocks/view');
    expect(res.json().data.map((b: { name: string }) => b.name)).toEqual(['Harbour', 'Market', 'Riverside']);
  });

  it('refuses an unknown circle with 400 and details', async () => {
    const res = await get('/blocks/view?circles[]=nowhere');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'circles', errors: ['Unknown circle'] }],
    });
  });
});

describe('services, categories, editions and pages', () => {
  it.each([
    ['/services/view?status=active', ['Doctors', 'Lawyers']],
    ['/user/services', ['Doctors', 'Lawyers']],
    ['/categories/view?status=active', ['Grocery']],
    ['/user/categories', ['Grocery']],
    ['/editions/view?status=active', ['City']],
    ['/user/editions', ['City']],
    ['/pages', ['Food']],
    ['/user/pages', ['Food']],
  ])('%s lists only the active ones', async (url, titles) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { title: string }) => s.title)).toEqual(titles);
  });

  it('gives each taxon the SPEC §3 shape with published_data', async () => {
    const res = await get('/services/view');
    expect(res.json().data[0]).toEqual({
      id: w.services.doctors.id,
      slug: 'doctors',
      title: 'Doctors',
      description: '',
      image: null,
      status: 'active',
      published_data: {
        title: 'Doctors',
        description: '',
        metaTitle: 'Doctors',
        metaDescription: '',
        metaKeywords: '',
      },
    });
  });

  it('gives a publishing page its content', async () => {
    const res = await get('/pages');
    expect(res.json().data[0]).toMatchObject({ id: w.pages.food.id, title: 'Food', content: '<p>Food stories</p>' });
  });

  it('searches titles case-insensitively', async () => {
    const res = await get('/services/view?q=LAW');
    expect(res.json().data.map((s: { title: string }) => s.title)).toEqual(['Lawyers']);
  });

  it('treats LIKE wildcards in the search literally', async () => {
    const res = await get('/services/view?q=%25');
    expect(res.json().data).toEqual([]);
  });

  it('finds one service by id or by slug', async () => {
    for (const ref of [w.services.doctors.id, 'doctors']) {
      const res = await get(`/services/view/${ref}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.title).toBe('Doctors');
    }
  });

  it('answers 404 for a held or unknown taxon', async () => {
    for (const url of [`/services/view/${w.services.heldService.slug}`, '/categories/view/nothing', '/pages/nothing']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found.' });
    }
  });

  it('refuses a search of 5,000 characters with 400', async () => {
    const res = await get(`/services/view?q=${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, details: [{ parameter: 'q' }] });
  });
});
