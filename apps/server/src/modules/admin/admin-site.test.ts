import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { makeUser } from '../../seed/factories';
import { api, type TMethod } from '../../test/api';
import { multipartBody, type TestContext, testApp } from '../../test/harness';

let t: TestContext;
let token: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
// A new site for each test: the home content, the banners and the contact requests are the whole site's, and the
// tests read them entire.
beforeEach(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  token = await t.app.tokens.issue(admin);
});
afterEach(() => t.close());

const adm = (method: TMethod, url: string, payload?: object) =>
  api(() => t).call(method, `/admin${url}`, { token, payload });
const home = async () => (await t.app.inject({ method: 'GET', url: '/api/backend/v1/home' })).json().data;
const auditOf = async (entity: string, id: string) =>
  (await adm('GET', `/audit?entity=${entity}&entityId=${id}`)).json().data;
const invalid = (details: object[]) => ({ success: false, error: 'The request has invalid fields.', details });
/** Uploads a small PNG of one colour through the public upload endpoint and answers its URL. */
const upload = async (colour: string) => {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const body = await multipartBody([['file', { filename: 'banner.png', bytes, type: 'image/png' }]]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backend/v1/uploadFile',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.url as string;
};
const stored = async (url: string) => (await t.db.select().from(uploads).where(eq(uploads.url, url))).length > 0;

describe('home content', () => {
  it('gives every document, with the defaults of a fresh site', async () => {
    const res = await adm('GET', '/home');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      site: { siteName: 'Chaupal' },
      logo: { Logo: null },
      keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
      alert: null,
      about: { title: 'About', content: '', image: null },
    });
    expect(Object.values(data.contactUs).every((v) => v === '')).toBe(true);
  });

  it('publishes a text alert on the public home, its plain text kept as written, and audits it', async () => {
    // The alert's text is plain, escaped where it is shown, so markup-looking text is kept verbatim.
    const res = await adm('PUT', '/home/alert', { title: 'Water cut', view_type: 'text', content: 'Tuesday <10–2>.' });
    expect(res.statusCode).toBe(200);
    const alert = {
      title: 'Water cut',
      view_type: 'text',
      image: null,
      videolink: null,
      content: 'Tuesday <10–2>.',
      enabled: true,
    };
    expect(res.json()).toEqual({ success: true, message: 'Updated Successfully', data: alert });
    expect((await home()).alert).toEqual(alert);
    const [entry] = await auditOf('setting', 'alert');
    expect(entry).toMatchObject({
      actor: { id: admin.id, name: 'Ada Admin', email: admin.email },
      action: 'update',
      before: null,
      after: alert,
    });
  });

  it('refuses an image alert without an image, a video alert without a link and an image not uploaded here', async () => {
    await adm('PUT', '/home/alert', { title: 'Water cut', view_type: 'text', content: 'Tuesday.' });
    const noImage = await adm('PUT', '/home/alert', { title: 'Fair', view_type: 'image' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toEqual(invalid([{ parameter: 'image', errors: ['Required'] }]));
    const noVideo = await adm('PUT', '/home/alert', { view_type: 'video' });
    expect(noVideo.json()).toEqual(invalid([{ parameter: 'videolink', errors: ['Required'] }]));
    const foreign = await adm('PUT', '/home/alert', { view_type: 'image', image: 'https://evil.example/a.png' });
    expect(foreign.json()).toEqual(
      invalid([{ parameter: 'image', errors: ['Upload the file with /uploadFile first'] }]),
    );
    expect((await home()).alert.title).toBe('Water cut');
  });

  it('switches the alert off: the public home shows none, the console still has it', async () => {
    const image = await upload('#c33');
    const res = await adm('PUT', '/home/alert', { title: 'Fair', view_type: 'image', image, enabled: false });
    expect(res.statusCode).toBe(200);
    expect((await home()).alert).toBeNull();
    expect((await adm('GET', '/home')).json().data.alert).toMatchObject({ title: 'Fair', image, enabled: false });
  });

  it('saves contact details, keywords, about (sanitized) and the site name for the public home', async () => {
    const contact = await adm('PUT', '/home/contactUs', { email: 'hello@chaupal.in', help_Num: '+91 98765 43210' });
    expect(contact.statusCode).toBe(200);
    expect(contact.json().data).toMatchObject({ email: 'hello@chaupal.in', help_Num: '+91 98765 43210', address: '' });
    expect(Object.keys(contact.json().data)).toHaveLength(16);
    const keywords = await adm('PUT', '/home/keywords', { page_title: 'Chaupal Devgarh', page_keywords: 'devgarh' });
    expect(keywords.json().data).toEqual({
      page_title: 'Chaupal Devgarh',
      page_Description: '',
      page_keywords: 'devgarh',
    });
    const about = await adm('PUT', '/home/about', {
      title: 'About us',
      content: '<p onclick="x()">Our town.<script>steal()</script></p>',
    });
    expect(about.json().data).toEqual({ title: 'About us', content: '<p>Our town.</p>', image: null });
    expect((await adm('PUT', '/home/site', { siteName: 'Devgarh' })).statusCode).toBe(200);

    const pub = await home();
    expect(pub).toMatchObject({
      siteName: 'Devgarh',
      contactUs: { email: 'hello@chaupal.in', help_Num: '+91 98765 43210' },
      keywords: { page_title: 'Chaupal Devgarh' },
      about: { title: 'About us', content: '<p>Our town.</p>' },
    });
    const keywordsRes = await t.app.inject({ method: 'GET', url: '/api/backend/v1/user/keywords' });
    expect(keywordsRes.json().data.page_title).toBe('Chaupal Devgarh');
  });

  it('refuses a missing required field or an over-long one with 400 and details', async () => {
    await adm('PUT', '/home/site', { siteName: 'Devgarh' });
    expect((await adm('PUT', '/home/site', {})).json()).toEqual(
      invalid([{ parameter: 'siteName', errors: ['Required'] }]),
    );
    expect((await adm('PUT', '/home/keywords', { page_title: ' ' })).json()).toEqual(
      invalid([{ parameter: 'page_title', errors: ['Required'] }]),
    );
    expect((await adm('PUT', '/home/contactUs', { address: 'x'.repeat(2001) })).json()).toEqual(
      invalid([{ parameter: 'address', errors: ['Must be at most 2000 characters'] }]),
    );
    expect((await home()).siteName).toBe('Devgarh');
  });

  it('collects the old logo file when the logo is replaced', async () => {
    const first = await upload('#123');
    const second = await upload('#456');
    expect((await adm('PUT', '/home/logo', { Logo: first })).json().data).toEqual({ Logo: first });
    expect((await home()).logo).toEqual({ Logo: first });
    await adm('PUT', '/home/logo', { Logo: second });
    expect(await stored(first)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(await stored(second)).toBe(true);
  });
});

describe('banners', () => {
  /** The banner Welcome, on an uploaded image. */
  const welcome = async () => {
    const image = await upload('#2a6');
    const res = await adm('POST', '/banners', { image, title: 'Welcome', link: 'https://example.com/fair' });
    return { id: res.json().data.id as string, image };
  };

  it('adds one with an uploaded image; the public home shows it', async () => {
    const image = await upload('#2a6');
    const res = await adm('POST', '/banners', { image, title: 'Welcome', link: 'https://example.com/fair' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Banner Added Successfully',
      data: {
        id: expect.any(String),
        image,
        title: 'Welcome',
        subtitle: '',
        link: 'https://example.com/fair',
        status: 'active',
        position: 0,
      },
    });
    const id = res.json().data.id;
    expect((await home()).banner).toEqual([
      { id, image, title: 'Welcome', subtitle: '', link: 'https://example.com/fair' },
    ]);
    expect((await auditOf('banner', id))[0]).toMatchObject({ action: 'create', before: null, after: { image } });
  });

  it('refuses an image not uploaded here, a missing image and a bad link', async () => {
    const { image } = await welcome();
    const foreign = await adm('POST', '/banners', { image: '/uploads/ab/nothing.png', title: 'X' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(
      invalid([{ parameter: 'image', errors: ['Upload the file with /uploadFile first'] }]),
    );
    expect((await adm('POST', '/banners', { title: 'X' })).json()).toEqual(
      invalid([{ parameter: 'image', errors: ['Required'] }]),
    );
    const link = await adm('POST', '/banners', { image, link: 'javascript:alert(1)' });
    expect(link.json()).toEqual(invalid([{ parameter: 'link', errors: ['Url is not valid'] }]));
    expect((await adm('GET', '/banners')).json().data).toHaveLength(1);
  });

  it('holds one: off the public home, still in the console list', async () => {
    const { id, image } = await welcome();
    const res = await adm('PUT', `/banners/${id}`, { image, title: 'Welcome back', status: 'hold' });
    expect(res.json()).toMatchObject({
      message: 'Edited Successfully',
      data: { id, title: 'Welcome back', status: 'hold', link: null },
    });
    expect((await home()).banner).toEqual([]);
    expect((await adm('GET', '/banners')).json().data.map((b: { id: string }) => b.id)).toEqual([id]);
    expect((await auditOf('banner', id))[0]).toMatchObject({
      action: 'update',
      before: { title: 'Welcome', status: 'active' },
      after: { title: 'Welcome back', status: 'hold' },
    });
  });

  it('deletes one, collecting its image file; an unknown one is 404', async () => {
    const { id, image } = await welcome();
    const res = await adm('DELETE', `/banners/${id}`);
    expect(res.json()).toEqual({ success: true, message: 'Deleted Successfully' });
    expect((await adm('GET', '/banners')).json().data).toEqual([]);
    expect(await stored(image)).toBe(false);
    expect((await auditOf('banner', id))[0]).toMatchObject({ action: 'delete', before: { id, image } });
    for (const method of ['PUT', 'DELETE'] as const) {
      const r = await adm(method, `/banners/${id}`, method === 'PUT' ? { image, title: 'Gone' } : undefined);
      expect(r.statusCode).toBe(404);
    }
  });
});

describe('contact requests', () => {
  const send = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/backend/v1/contact_request/add', payload });
  /** Ravi's request, then Meena's: answers Ravi's id. */
  const twoRequests = async (): Promise<string> => {
    const ravi = (
      await send({ name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876543210', message: 'List my shop.' })
    ).json().data.id;
    await send({ name: 'Meena Rao', email: 'meena@example.com', phone: '9123456780', message: 'A correction.' });
    return ravi;
  };

  it('lists requests from the contact form, newest first, and counts new ones on the dashboard', async () => {
    const ravi = await twoRequests();
    const res = await adm('GET', '/contact-requests');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 12, total: 2 });
    expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['Meena Rao', 'Ravi Kumar']);
    expect((await adm('GET', `/contact-requests/${ravi}`)).json().data).toEqual({
      id: ravi,
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      phone: '+919876543210',
      message: 'List my shop.',
      fileUrl: null,
      status: 'new',
      createdAt: expect.any(String),
    });
    expect((await adm('GET', '/dashboard')).json().data.newContactRequests).toBe(2);
  });

  it('searches by name, e-mail, phone or message and filters by status', async () => {
    await twoRequests();
    const names = async (q: string) =>
      (await adm('GET', `/contact-requests${q}`)).json().data.map((c: { name: string }) => c.name);
    expect(await names('?q=RAVI')).toEqual(['Ravi Kumar']);
    expect(await names('?q=correction')).toEqual(['Meena Rao']);
    expect(await names('?q=9123456')).toEqual(['Meena Rao']);
    expect(await names('?status=done')).toEqual([]);
    expect((await adm('GET', '/contact-requests?status=read')).statusCode).toBe(400);
  });

  it('marks one done (the dashboard count drops) and new again, auditing each', async () => {
    const ravi = await twoRequests();
    const res = await adm('PATCH', `/contact-requests/${ravi}`, { status: 'done' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Updated Successfully', data: { status: 'done' } });
    expect((await adm('GET', '/dashboard')).json().data.newContactRequests).toBe(1);
    const done = (await adm('GET', '/contact-requests?status=done')).json().data;
    expect(done.map((c: { id: string }) => c.id)).toEqual([ravi]);
    await adm('PATCH', `/contact-requests/${ravi}`, { status: 'new' });
    expect((await adm('GET', '/dashboard')).json().data.newContactRequests).toBe(2);
    expect(
      (await auditOf('contact', ravi)).map((e: { action: string; after: unknown }) => [e.action, e.after]),
    ).toEqual([
      ['reopen', { status: 'new' }],
      ['done', { status: 'done' }],
    ]);
    const bad = await adm('PATCH', `/contact-requests/${ravi}`, { status: 'archived' });
    expect(bad.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['status']);
    const unknown = await adm('PATCH', '/contact-requests/00000000-0000-4000-8000-000000000000', { status: 'done' });
    expect(unknown.statusCode).toBe(404);
    expect((await adm('GET', '/contact-requests/not-an-id')).statusCode).toBe(404);
  });
});
