import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_US } from '../seed/demo-content';
import { makeUser } from '../seed/factories';
import { multipartBody, type TestContext, testApp } from './harness';
import { buildWorld, type TWorld } from './world';

/** URL fields are checked when written: http(s) only, never markup, `javascript:` or another host in disguise. */

let t: TestContext;
let w: TWorld;
let contributor: string;
let admin: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  contributor = await t.app.tokens.issue(w.users.alice);
  admin = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
  t.app.inject({ method, url: `/api/backend/v1${url}`, payload, headers: { authorization: `Bearer ${token}` } });
const invalid = (details: object[]) => ({ success: false, error: 'The request has invalid fields.', details });
const notValid = (parameter: string) => ({ parameter, errors: ['Url is not valid'] });

const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://example.com/"><script>alert(1)</script>',
  'https://example.com/<img src=x onerror=alert(1)>',
  'https://example.com\\@evil.example',
  'https://example.com/`x`',
  '//evil.example/x',
  'www.example.com',
];

const outlet = () => ({
  title: 'Gupta Kirana',
  categories: [w.categories.grocery.slug],
  call_now: '9876543210',
  description: '<p>Daily needs.</p>',
  circles: [w.circles.north.id],
  blocks: [w.blocks.market.id],
});
const news = () => ({
  title: 'Market road resurfaced',
  editionId: w.editions.city.id,
  location: 'Market',
  language: 'en',
  reporter: 'R. Das',
  content: '<p>The road is smooth again.</p>',
  circles: [w.circles.north.id],
  blocks: [w.blocks.market.id],
});
const feature = () => ({
  title: 'Kulfi by the river',
  publishing_Page: w.pages.food.id,
  language: 'en',
  author: 'M. Sen',
  location: 'Riverside',
  content: '<p>Cold and sweet.</p>',
  circles: [w.circles.north.id],
  blocks: [w.blocks.market.id],
});

describe('content links', () => {
  it.each(HOSTILE)('refuses website and map %j with 400 naming both', async (url) => {
    const res = await send('POST', '/outlet/add', contributor, { ...outlet(), website_url: url, map_url: url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid([notValid('map_url'), notValid('website_url')]));
  });

  it('refuses a YouTube field that is not an http(s) URL or carries markup', async () => {
    for (const url of ['javascript:alert(1)', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ"><script>x</script>']) {
      const n = await send('POST', '/news/add', contributor, { ...news(), youtube_url: url });
      expect(n.json()).toEqual(invalid([notValid('youtube_url')]));
      const f = await send('POST', '/blog', contributor, { ...feature(), youtubeurl: url });
      expect(f.json()).toEqual(invalid([notValid('youtubeurl')]));
    }
  });

  it('keeps valid links as written, and empty ones as none', async () => {
    const res = await send('POST', '/outlet/add', contributor, {
      ...outlet(),
      title: 'Links kept',
      website_url: 'https://example.com/shop?item=1&x=2',
      map_url: 'https://maps.app.goo.gl/abc123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      website_url: 'https://example.com/shop?item=1&x=2',
      map_url: 'https://maps.app.goo.gl/abc123',
    });
    const empty = await send('POST', '/outlet/add', contributor, { ...outlet(), title: 'No links', website_url: '' });
    expect(empty.statusCode).toBe(200);
    const yt = await send('POST', '/news/add', contributor, {
      ...news(),
      youtube_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    });
    expect(yt.statusCode).toBe(200);
  });
});

describe('banner links', () => {
  it('refuses markup, a disguised host and javascript:, naming the field', async () => {
    for (const link of [
      ...HOSTILE,
      '/services"><script>alert(1)</script>',
      '/\\evil.example',
      '/services<img src=x>',
    ]) {
      const res = await send('POST', '/admin/banners', admin, { image: '/uploads/ab/x.png', link });
      expect(res.statusCode, link).toBe(400);
      expect(res.json()).toEqual(invalid([notValid('link')]));
    }
  });

  it('accepts a page of this site or an http(s) link', async () => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e8590c' } })
      .png()
      .toBuffer();
    const body = await multipartBody([['file', { filename: 'banner.png', bytes, type: 'image/png' }]]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/uploadFile',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin}` },
    });
    const image = up.json().data.url as string;
    for (const link of ['/services', '/experts?q=doctor', 'https://example.com/offer']) {
      const res = await send('POST', '/admin/banners', admin, { image, link });
      expect(res.statusCode, link).toBe(200);
      expect(res.json().data.link).toBe(link);
    }
  });
});

describe('contact links', () => {
  const LINKS = [
    'fblink',
    'instagram',
    'twitter',
    'linkedin',
    'youtube',
    'whatsapp_link',
    'developedby_url',
    'managedby_url',
  ];

  it.each(HOSTILE)('refuses %j in every link of the contact details, naming each', async (url) => {
    const res = await send('PUT', '/admin/home/contactUs', admin, Object.fromEntries(LINKS.map((k) => [k, url])));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalid(LINKS.map(notValid)));
  });

  it('accepts the demo contact details, a WhatsApp number and empty links', async () => {
    const demo = await send('PUT', '/admin/home/contactUs', admin, CONTACT_US);
    expect(demo.statusCode).toBe(200);
    expect(demo.json().data).toEqual(CONTACT_US);
    const number = await send('PUT', '/admin/home/contactUs', admin, { whatsapp_link: '+91 98765 01234', fblink: '' });
    expect(number.statusCode).toBe(200);
    expect(number.json().data).toMatchObject({ whatsapp_link: '+91 98765 01234', fblink: '', twitter: '' });
  });
});
