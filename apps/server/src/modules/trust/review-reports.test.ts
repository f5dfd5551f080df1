import { FORMER_MEMBER_NAME } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../app';
import { reports, reviews } from '../../db/schema';
import { makeExpert, makeOutlet, makeUser } from '../../seed/factories';
import { api } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';
import { addReview } from '../reviews/review-fixtures';

let t: TestContext;
let w: TWorld;
let adminToken: string;
const a = api(() => t);
beforeAll(async () => {
  t = await testApp({}, { captcha: { verify: async (token) => token !== 'robot' } });
  w = await buildWorld(t.db);
  adminToken = await t.app.tokens.issue(await makeUser(t.db, { role: 'admin' }));
}, 60_000);
afterAll(() => t.close());

let nextIp = 1;
const report = (payload: object) =>
  t.app.inject({ method: 'POST', url: `${API_PREFIX}/reports`, payload, remoteAddress: `10.1.0.${nextIp++}` });
const inNorth = () => ({ userId: w.users.alice.id, circleIds: [w.circles.north.id] });
/** The console's entry of a report, found by its id. */
const inQueue = async (id: string) =>
  (await a.get('/admin/reports?pageSize=100', adminToken)).json().data.find((r: { id: string }) => r.id === id);

describe('reporting a review', () => {
  it('takes a report of a published review, shown in the console as its listing and "review by" its author', async () => {
    const shop = await makeOutlet(
      t.db,
      { ...inNorth(), categoryIds: [w.categories.grocery.id] },
      { title: 'Kapoor Kirana' },
    );
    const ravi = await makeUser(t.db, { name: 'Ravi Kumar' });
    const review = await addReview(t.db, 'outlet', shop.id, {
      userId: ravi.id,
      rating: 1,
      text: 'Call 98xxxx for cheap!',
    });

    const res = await report({ kind: 'review', id: review.id, reason: 'spam', message: 'An advert.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Thank you, the report was sent',
      data: { id: expect.any(String) },
    });
    const [row] = await t.db.select().from(reports).where(eq(reports.id, res.json().data.id));
    expect(row).toMatchObject({ kind: 'review', recordId: review.id, reason: 'spam', message: 'An advert.' });

    expect(await inQueue(row.id)).toEqual({
      id: row.id,
      kind: 'review',
      recordId: review.id,
      record: {
        title: 'Kapoor Kirana — review by Ravi Kumar',
        slug: 'kapoor-kirana',
        status: 'published',
        listingKind: 'outlet',
      },
      reason: 'spam',
      message: 'An advert.',
      contact: null,
      status: 'new',
      resolvedBy: null,
      resolvedAt: null,
      createdAt: expect.any(String),
    });

    // Removed afterwards: the report shows the review's state now.
    const removed = await a.post(`/admin/reviews/${review.id}/remove`, { reason: 'Advertising.' }, adminToken);
    expect(removed.statusCode).toBe(200);
    expect((await inQueue(row.id)).record).toMatchObject({ status: 'removed' });
  });

  it('shows a review kept without its author as by a former member', async () => {
    const doctor = await makeExpert(
      t.db,
      { ...inNorth(), serviceIds: [w.services.doctors.id] },
      { title: 'Dr. Anil Rao' },
    );
    const gone = await makeUser(t.db);
    const review = await addReview(t.db, 'expert', doctor.id, { userId: gone.id, rating: 2 });
    await t.db.update(reviews).set({ userId: null }).where(eq(reviews.id, review.id));
    const res = await report({ kind: 'review', id: review.id, reason: 'offensive' });
    expect(res.statusCode).toBe(200);
    expect((await inQueue(res.json().data.id)).record).toEqual({
      title: `Dr. Anil Rao — review by ${FORMER_MEMBER_NAME}`,
      slug: 'dr-anil-rao',
      status: 'published',
      listingKind: 'expert',
    });
  });

  it('answers 404 for a removed, pending or unknown review, or one of a listing not public, and keeps nothing', async () => {
    const shop = await makeOutlet(
      t.db,
      { ...inNorth(), categoryIds: [w.categories.grocery.id] },
      { title: 'Quiet Corner' },
    );
    const held = await makeOutlet(
      t.db,
      { ...inNorth(), categoryIds: [w.categories.grocery.id] },
      { title: 'Held Corner', status: 'hold' },
    );
    const by = async () => (await makeUser(t.db)).id;
    const removed = await addReview(t.db, 'outlet', shop.id, { userId: await by(), rating: 1, status: 'removed' });
    const pending = await addReview(t.db, 'outlet', shop.id, { userId: await by(), rating: 1, status: 'pending' });
    const ofHeld = await addReview(t.db, 'outlet', held.id, { userId: await by(), rating: 1 });
    const before = (await t.db.select().from(reports)).length;
    for (const id of [removed.id, pending.id, ofHeld.id, '00000000-0000-4000-8000-000000000000', w.outlet.id]) {
      const res = await report({ kind: 'review', id, reason: 'spam' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Not found.' });
    }
    expect((await t.db.select().from(reports)).length).toBe(before);
  });

  it('answers 400 naming the id for a malformed review id', async () => {
    const res = await report({ kind: 'review', id: 'review-1', reason: 'spam' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'id', errors: ['Unknown record'] }],
    });
  });
});
