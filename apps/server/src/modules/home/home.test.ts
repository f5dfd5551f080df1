import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, policies } from '../../db/schema';
import { makePolicy, makeTaxon } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { writeSetting } from './home.service';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const { get } = api(() => t);

describe('GET /site', () => {
  it('gives the chrome of every page: the settings part of the home content and the policy links, no sections', async () => {
    // Policies belong to the whole site: cleared, the two below are all there are, whichever tests ran before.
    await t.db.delete(policies);
    await writeSetting(t.db, 'site', { siteName: 'Chaupal Devgarh' });
    const privacy = await makePolicy(t.db, { title: 'Privacy Policy', type: 1 });
    await makePolicy(t.db, { title: 'Copyright', type: 3, content: '<p>© Devgarh</p>' });
    const [site, home] = [(await get('/site')).json(), (await get('/home')).json().data];
    expect(site).toEqual({
      success: true,
      data: {
        siteName: 'Chaupal Devgarh',
        contactUs: home.contactUs,
        logo: home.logo,
        keywords: home.keywords,
        copyright: '© Devgarh',
        policies: [{ id: privacy.id, title: 'Privacy Policy', type: 1 }],
      },
    });
    expect(home.copyright).toBe('© Devgarh');
  });
});

describe('GET /home', () => {
  it('gives the defaults of a fresh site', async () => {
    // A database of its own: the other tests of this file write the site's settings.
    const fresh = await testApp();
    const res = await api(fresh)
      .get('/home')
      .finally(() => fresh.close());
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      siteName: 'Chaupal',
      logo: { Logo: null },
      keywords: { page_title: 'Chaupal', page_Description: '', page_keywords: '' },
      alert: null,
      banner: [],
      copyright: '',
      pages: [],
      categories: [],
      editions: [],
      services: [],
    });
    expect(Object.keys(data.contactUs).sort()).toEqual(
      [
        'message',
        'address',
        'help_Num',
        'email',
        'fblink',
        'instagram',
        'twitter',
        'linkedin',
        'youtube',
        'whatsapp_link',
        'whatsappMessage',
        'since',
        'developedby',
        'developedby_url',
        'managedby',
        'managedby_url',
      ].sort(),
    );
    expect(res.headers['cache-control']).toBe('public, max-age=20');
  });

  it('gives the stored home content, active banners and sections, and the copyright line', async () => {
    // The copyright line is the site's one Copyright policy: the one made below.
    await t.db.delete(policies);
    await writeSetting(t.db, 'keywords', {
      page_title: 'Chaupal Devgarh',
      page_Description: 'Town directory',
      page_keywords: 'devgarh',
    });
    await writeSetting(t.db, 'alert', {
      title: 'Fair on Sunday',
      view_type: 'image',
      image: '/uploads/demo/alert.jpg',
      videolink: null,
      content: 'Come along.',
      enabled: true,
    });
    await writeSetting(t.db, 'logo', { Logo: '/uploads/demo/logo.png' });
    await t.db.insert(banners).values([
      { image: '/uploads/demo/b1.jpg', title: 'Welcome', position: 1 },
      { image: '/uploads/demo/b2.jpg', title: 'Hidden', status: 'hold' },
    ]);
    await makeTaxon(t.db, 'services', { title: 'Doctors' });
    await makeTaxon(t.db, 'services', { title: 'Hidden service', status: 'hold' });
    await makePolicy(t.db, { type: 3, title: 'Copyright', content: '<p>© 2026 Chaupal Devgarh</p>' });

    const data = (await get('/home')).json().data;
    expect(data.keywords).toEqual({
      page_title: 'Chaupal Devgarh',
      page_Description: 'Town directory',
      page_keywords: 'devgarh',
    });
    expect(data.alert).toEqual({
      title: 'Fair on Sunday',
      view_type: 'image',
      image: '/uploads/demo/alert.jpg',
      videolink: null,
      content: 'Come along.',
      enabled: true,
    });
    expect(data.logo).toEqual({ Logo: '/uploads/demo/logo.png' });
    expect(data.banner).toEqual([
      { id: expect.any(String), image: '/uploads/demo/b1.jpg', title: 'Welcome', subtitle: '', link: null },
    ]);
    expect(data.services.map((s: { title: string }) => s.title)).toEqual(['Doctors']);
    expect(data.copyright).toBe('© 2026 Chaupal Devgarh');
  });

  it('hides a disabled alert', async () => {
    await writeSetting(t.db, 'alert', {
      title: 'Off',
      view_type: 'text',
      image: null,
      videolink: null,
      content: 'x',
      enabled: false,
    });
    expect((await get('/home')).json().data.alert).toBeNull();
  });

  it('gives the keywords alone at /user/keywords', async () => {
    await writeSetting(t.db, 'keywords', {
      page_title: 'Chaupal Devgarh',
      page_Description: 'Town directory',
      page_keywords: 'devgarh',
    });
    const res = await get('/user/keywords');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { page_title: 'Chaupal Devgarh', page_Description: 'Town directory', page_keywords: 'devgarh' },
    });
  });
});
