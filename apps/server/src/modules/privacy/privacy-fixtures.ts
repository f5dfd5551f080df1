import { expect } from 'vitest';
import { verifiedContributor } from '../../test/accounts';
import { jpeg, pdf, upload } from '../../test/files';
import type { TestContext } from '../../test/harness';
import type { TWorld } from '../../test/world';

/** Test helpers of the personal-data tests: a contributor with one record of every kind, images and documents. */
export type TOwner = Awaited<ReturnType<typeof withRecords>>;

/**
 * A verified contributor and one expert, outlet, news and feature of theirs, each with an uploaded image and a
 * document made from `salt` (so two owners' files differ), plus `shared` (a document whose bytes another owner may
 * upload too, giving the same stored file).
 */
export async function withRecords(t: TestContext, w: TWorld, name: string, salt: string, shared: Buffer) {
  const c = await verifiedContributor(t, name);
  const token = c.token;
  const image = await upload(t, token, `${salt}.jpg`, await jpeg(salt.length * 20));
  const doc = await upload(t, token, `${salt}.pdf`, pdf(salt));
  const sharedDoc = await upload(t, token, 'shared.pdf', shared);
  const base = {
    circles: [w.circles.north.id],
    blocks: [w.blocks.market.id],
    documents: [doc, sharedDoc],
    image,
  };
  const add = async (url: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/backend/v1${url}`,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; slug: string };
  };
  const { image: _image, ...noImage } = base;
  const records = {
    expert: await add('/expert/add', {
      ...base,
      title: `${name} the plumber`,
      services: [w.services.doctors.id],
      call_now: '9876543210',
      description: '<p>Pipes.</p>',
    }),
    outlet: await add('/outlet/add', {
      ...base,
      title: `${name}'s shop`,
      categories: [w.categories.grocery.id],
      call_now: '9876543210',
      description: '<p>Daily needs.</p>',
    }),
    news: await add('/news/add', {
      ...base,
      title: `${name} reports the fair`,
      editionId: w.editions.city.id,
      location: 'Market',
      language: 'en',
      reporter: name,
      content: '<p>The fair opened.</p>',
    }),
    feature: await add('/blog', {
      ...noImage,
      photo: image,
      title: `${name} on kulfi`,
      publishing_Page: w.pages.food.id,
      language: 'en',
      author: name,
      location: 'Riverside',
      content: '<p>Cold and sweet.</p>',
    }),
  };
  return { ...c, records, files: { image, doc, sharedDoc } };
}
