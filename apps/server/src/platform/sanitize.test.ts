import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../seed/factories';
import { type TestContext, testApp } from '../test/harness';
import { ownImage, richTextSanitizer, youtubeEmbed } from './sanitize';

const SITE = 'https://devgarh.example.org';
const CDN = 'https://cdn.example.net/media';
const clean = richTextSanitizer({ siteUrl: SITE, storageUrl: CDN });
const localOnly = richTextSanitizer({ siteUrl: 'http://localhost:3000' });

describe('rich-text images', () => {
  it('drops a tracking pixel from another host, whole', () => {
    expect(clean('<p>Hi<img src="https://tracker.example.com/p.gif?u=1" width="1" height="1"></p>')).toBe('<p>Hi</p>');
    expect(clean('<img src="http://tracker.example.com/p.gif">')).toBe('');
    expect(clean('<img src="//tracker.example.com/p.gif">')).toBe('');
    expect(clean('<img src="\\\\tracker.example.com/p.gif">')).toBe('');
    expect(clean('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">')).toBe('');
    expect(clean('<img alt="no source">')).toBe('');
  });

  it('keeps our own uploads, relative or on the public URL', () => {
    expect(clean('<img src="/uploads/ab12/photo.webp" alt="Shop">')).toBe(
      '<img src="/uploads/ab12/photo.webp" alt="Shop" />',
    );
    expect(clean(`<img src="${SITE}/uploads/ab12/photo.webp">`)).toBe(`<img src="${SITE}/uploads/ab12/photo.webp" />`);
    expect(localOnly('<img src="http://localhost:3000/uploads/a/b.png">')).toBe(
      '<img src="http://localhost:3000/uploads/a/b.png" />',
    );
  });

  it('keeps nothing that only looks like an upload: other paths, traversal, another port or user', () => {
    expect(clean('<img src="/api/backend/v1/user/profile/view">')).toBe('');
    expect(clean('<img src="/uploads/../api/backend/v1/dev/outbox">')).toBe('');
    expect(clean('<img src="/uploads/%2e%2e/healthz">')).toBe('');
    expect(clean(`<img src="${SITE}:8443/uploads/a.png">`)).toBe('');
    expect(clean('<img src="https://evil.example@devgarh.example.org/uploads/a.png">')).toBe('');
    expect(clean('<img src="https://devgarh.example.org.evil.example/uploads/a.png">')).toBe('');
  });

  it('keeps images on the configured storage or CDN, under its path only', () => {
    expect(clean(`<img src="${CDN}/ab12/photo.webp">`)).toBe(`<img src="${CDN}/ab12/photo.webp" />`);
    expect(clean('<img src="https://cdn.example.net/other/photo.webp">')).toBe('');
    expect(clean('<img src="https://cdn.example.net/media/../other/photo.webp">')).toBe('');
    expect(clean('<img src="http://cdn.example.net/media/ab12/photo.webp">')).toBe('');
    expect(localOnly(`<img src="${CDN}/ab12/photo.webp">`)).toBe('');
  });

  it('answers the normalised URL of an image it keeps', () => {
    expect(ownImage('/uploads/a/./b.png', { siteUrl: SITE })).toBe('/uploads/a/b.png');
    expect(ownImage('https://tracker.example.com/p.gif', { siteUrl: SITE })).toBeNull();
  });
});

describe('rich-text frames', () => {
  it('keeps a YouTube embed, rebuilt from its id', () => {
    expect(clean('<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ" title="Run" allowfullscreen></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ" title="Run" allowfullscreen></iframe>',
    );
    expect(clean('<iframe src="https://youtube.com/embed/aqz-KE-bpKQ?autoplay=1&amp;start=42&amp;x=y"></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ?start=42"></iframe>',
    );
  });

  it('keeps a youtube-nocookie embed, rebuilt on its canonical host', () => {
    expect(clean('<iframe src="https://youtube-nocookie.com/embed/YE7VzlLtp-4?rel=0#t=1"></iframe>')).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/YE7VzlLtp-4"></iframe>',
    );
    expect(youtubeEmbed('http://www.youtube-nocookie.com/embed/YE7VzlLtp-4')).toBe(
      'https://www.youtube-nocookie.com/embed/YE7VzlLtp-4',
    );
  });

  it('drops an embed whose path climbs out of /embed/ or names no 11-character id', () => {
    const bad = [
      'https://www.youtube.com/embed/x/../../redirect?q=https://evil.example',
      'https://www.youtube.com/embed/aqz-KE-bpKQ/../../redirect?q=https://evil.example',
      'https://www.youtube.com/embed/%2e%2e/redirect?q=https://evil.example',
      'https://www.youtube.com/embed/aqz-KE-bpKQ/extra',
      'https://www.youtube.com/embed/short',
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      'https://www.youtube.com:8080/embed/aqz-KE-bpKQ',
      'https://user@www.youtube.com/embed/aqz-KE-bpKQ',
      'https://www.youtube.com.evil.example/embed/aqz-KE-bpKQ',
      'https://evil.example/embed/aqz-KE-bpKQ',
      'https://__proto__/embed/aqz-KE-bpKQ',
      'javascript:alert(1)//www.youtube.com/embed/aqz-KE-bpKQ',
      '/embed/aqz-KE-bpKQ',
    ];
    for (const src of bad) expect(clean(`<p>a<iframe src="${src}"></iframe>b</p>`), src).toBe('<p>ab</p>');
  });
});

describe('rich text through the API', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await testApp({ PUBLIC_URL: 'http://localhost:3000', RATE_LIMIT_FACTOR: '100' });
    token = await t.app.tokens.issue(await makeUser(t.db, { name: 'Ada Admin', role: 'admin' }));
  });
  afterAll(() => t.close());

  it('stores a policy with our upload and the embed, without the pixel or the escaping frame', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/admin/policies',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        title: 'Privacy',
        type: 1,
        content:
          '<p>Ours<img src="/uploads/ab/a.png">Pixel<img src="https://tracker.example.com/p.gif"></p>' +
          '<iframe src="https://www.youtube.com/embed/x/../../redirect?q=https://evil.example"></iframe>' +
          '<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"></iframe>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content).toBe(
      '<p>Ours<img src="/uploads/ab/a.png" />Pixel</p>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"></iframe>',
    );
  });
});
