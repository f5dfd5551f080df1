import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedContributor } from '../../test/accounts';
import { jpeg, pdf, upload as uploadAs } from '../../test/files';
import { multipartBody, type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let c: Awaited<ReturnType<typeof verifiedContributor>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  w = await buildWorld(t.db);
  c = await verifiedContributor(t);
});
afterAll(() => t.close());

const auth = () => ({ authorization: `Bearer ${c.token}` });
const fetchFile = (url: string) => t.app.inject({ url });

const upload = (filename: string, bytes: Buffer) => uploadAs(t, c.token, filename, bytes);

describe('files of an outlet through its life', () => {
  /**
   * A new outlet with an image sent as a file part and two uploaded documents. Each test passes its own `salt`, so
   * its files are its own: a file another record still uses would stay in storage.
   */
  const created = async (salt: number) => {
    const docA = await upload('Price List.pdf', pdf(`a${salt}`));
    const docB = await upload('menu.pdf', pdf(`b${salt}`));
    const body = await multipartBody([
      ['title', 'Sweet Corner'],
      ['categories[]', w.categories.grocery.id],
      ['circles[]', w.circles.north.id],
      ['blocks[]', w.blocks.market.id],
      ['call_now', '+919876543210'],
      ['description', '<p>Sweets.</p>'],
      ['documents[]', docA],
      ['documents[]', docB],
      ['image', { filename: 'shop.jpg', bytes: await jpeg(salt), type: 'image/jpeg' }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/outlet/add',
      payload: body.payload,
      headers: { ...auth(), ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    return { data, id: data.id as string, image: data.image as string, docA, docB };
  };

  it('creates an outlet with an image file part and two uploaded documents', async () => {
    const { data, image, docA, docB } = await created(200);
    expect(image).toMatch(/^\/uploads\/[0-9a-f]{64}-\d+x\d+\/shop\.jpg$/);
    expect(data.documents).toEqual([docA, docB]);
    expect(docA).toMatch(/\/price-list\.pdf$/);
    expect((await fetchFile(image)).statusCode).toBe(200);
  });

  it('removes the image and one document on edit, and their files leave storage', async () => {
    const { id, image, docA, docB } = await created(201);
    const body = await multipartBody([
      ['title', 'Sweet Corner & Bakery'],
      ['deleteImage', 'true'],
      ['image', image],
      ['deleteDocuments[]', docA],
    ]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/backend/v1/outlet/edit/${id}`,
      payload: body.payload,
      headers: { ...auth(), ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Sweet Corner & Bakery', image: null, documents: [docB] });
    expect((await fetchFile(image)).statusCode).toBe(404);
    expect((await fetchFile(docA)).statusCode).toBe(404);
    expect((await fetchFile(docB)).statusCode).toBe(200);
  });

  it('keeps a stored image when the same URL is sent back, and replaces it with a new file', async () => {
    const { id } = await created(202);
    const first = await multipartBody([['image', { filename: 'a.jpg', bytes: await jpeg(10), type: 'image/jpeg' }]]);
    const withImage = (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/backend/v1/outlet/edit/${id}`,
        payload: first.payload,
        headers: { ...auth(), ...first.headers },
      })
    ).json().data;
    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/backend/v1/outlet/edit/${id}`,
      payload: { image: withImage.image },
      headers: auth(),
    });
    expect(kept.json().data.image).toBe(withImage.image);
    const second = await multipartBody([['image', { filename: 'b.jpg', bytes: await jpeg(99), type: 'image/jpeg' }]]);
    const replaced = (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/backend/v1/outlet/edit/${id}`,
        payload: second.payload,
        headers: { ...auth(), ...second.headers },
      })
    ).json().data;
    expect(replaced.image).toMatch(/\/b\.jpg$/);
    expect((await fetchFile(withImage.image)).statusCode).toBe(404);
  });

  it('deletes the outlet with its files', async () => {
    const { id, image, docB } = await created(203);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/backend/v1/outlet/delete/${id}`, headers: auth() });
    expect(res.statusCode).toBe(200);
    expect((await fetchFile(image)).statusCode).toBe(404);
    expect((await fetchFile(docB)).statusCode).toBe(404);
  });

  it('refuses an executable sent as the image part with 415 and keeps nothing', async () => {
    const body = await multipartBody([
      ['title', 'Bad file'],
      ['categories[]', w.categories.grocery.id],
      ['circles[]', w.circles.north.id],
      ['blocks[]', w.blocks.market.id],
      ['call_now', '+919876543210'],
      ['description', 'x'],
      ['image', { filename: 'photo.jpg', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000)]) }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/outlet/add',
      payload: body.payload,
      headers: { ...auth(), ...body.headers },
    });
    expect(res.statusCode).toBe(415);
    const mine = await t.app.inject({ url: '/api/backend/v1/outlets/view/user?q=Bad', headers: auth() });
    expect(mine.json().meta.total).toBe(0);
  });
});
