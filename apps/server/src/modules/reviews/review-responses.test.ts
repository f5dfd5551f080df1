import { randomUUID } from 'node:crypto';
import type { TListingKind } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { type TestContext, testApp } from '../../test/harness';
import { reviewKit } from '../../test/review-kit';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
const { call, reviewer, listing, mailsTo } = reviewKit(() => ({ t, w }));
beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
}, 60_000);
afterAll(() => t.close());

const refused = (error: string) => ({ success: false, error });
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

/** A listing of an owner of its own with one published review, and that review's id. */
async function reviewed(kind: TListingKind, o: { title?: string } = {}) {
  const owner = await reviewer({ name: 'Meera Owner' });
  const place = await listing(kind, { title: o.title, ownerId: owner.id });
  const author = await reviewer({ name: 'Ravi Kumar' });
  const res = await call('POST', `/reviews/${kind}/${place.id}`, {
    token: author.token,
    payload: { rating: 4, text: 'Helpful staff.' },
  });
  return { owner, place, author, id: res.json().data.id as string };
}
const reply = (kind: TListingKind, listingId: string, id: string, token: string, text: unknown) =>
  call('PUT', `/reviews/${kind}/${listingId}/${id}/reply`, { token, payload: { text } });
const helpful = (method: 'POST' | 'DELETE', kind: TListingKind, listingId: string, id: string, token?: string) =>
  call(method, `/reviews/${kind}/${listingId}/${id}/helpful`, { token });

describe('PUT /reviews/{kind}/{id}/{reviewId}/reply', () => {
  it("sets the owner's one reply, shows it under the review and e-mails the reviewer and the owner", async () => {
    const { owner, place, author, id } = await reviewed('outlet', { title: 'Sharma Sweets' });
    const res = await reply('outlet', place.id, id, owner.token, '  Thank you, Ravi!  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your reply is published',
      data: {
        id,
        rating: 4,
        text: 'Helpful staff.',
        author: { id: author.id, name: 'Ravi Kumar' },
        createdAt: ISO,
        editedAt: null,
        helpful: 0,
        reply: { text: 'Thank you, Ravi!', createdAt: ISO, editedAt: null },
      },
    });
    const [shown] = (await call('GET', `/reviews/outlet/${place.id}`)).json().data;
    expect(shown.reply).toEqual(res.json().data.reply);

    const [toReviewer] = await mailsTo(author.email);
    expect(toReviewer).toMatchObject({
      channel: 'email',
      subject: 'The owner of "Sharma Sweets" replied to your review',
    });
    expect(toReviewer.text).toContain('Thank you, Ravi!');
    expect(toReviewer.text).toContain(`/outlets/${place.slug}`);
    const toOwner = (await mailsTo(owner.email)).filter((m) => m.subject.includes('Sharma Sweets'));
    expect(toOwner).toMatchObject([{ subject: 'Your reply on "Sharma Sweets" is published' }]);
    expect(toOwner[0].text).toContain('Your reply to Ravi Kumar\'s review of "Sharma Sweets" is shown under it:');
  });

  it('edits the reply: its first time stays, editedAt is set, and both are told again', async () => {
    const { owner, place, author, id } = await reviewed('expert', { title: 'Dr. Bose' });
    const first = (await reply('expert', place.id, id, owner.token, 'Thanks.')).json().data.reply;
    const res = await reply('expert', place.id, id, owner.token, 'Thanks, see you at the follow-up.');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.reply).toEqual({
      text: 'Thanks, see you at the follow-up.',
      createdAt: first.createdAt,
      editedAt: ISO,
    });
    expect((await mailsTo(author.email)).map((m) => m.subject).sort()).toEqual([
      'The owner of "Dr. Bose" changed their reply to your review',
      'The owner of "Dr. Bose" replied to your review',
    ]);
    const toOwner = (await mailsTo(owner.email)).filter((m) => m.subject.includes('Dr. Bose'));
    expect(toOwner.map((m) => m.subject).sort()).toEqual([
      'Your reply on "Dr. Bose" is changed',
      'Your reply on "Dr. Bose" is published',
    ]);
  });

  it('lets only the listing’s owner reply: anyone else 403, signed out 401', async () => {
    const { place, author, id } = await reviewed('outlet');
    for (const token of [author.token, (await reviewer()).token]) {
      const res = await reply('outlet', place.id, id, token, 'I am the owner, honestly.');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused("Only the listing's owner can reply to its reviews"));
    }
    const signedOut = await reply('outlet', place.id, id, '', 'Hello');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual(refused('Sign in to continue.'));
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row.replyText).toBeNull();
  });

  it('answers 404 for a review of another listing, an unknown or a pending one', async () => {
    const { owner, place } = await reviewed('outlet');
    const other = await reviewed('outlet');
    const pending = await reviewed('outlet');
    await t.db.update(reviews).set({ status: 'pending' }).where(eq(reviews.id, pending.id));
    for (const [by, listingId, id] of [
      [owner, place.id, other.id],
      [owner, place.id, randomUUID()],
      [pending.owner, pending.place.id, pending.id],
    ] as const) {
      const res = await reply('outlet', listingId, id, by.token, 'Thanks');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(refused('Not found.'));
    }
  });

  it('refuses an empty, too long or HTML reply with 400', async () => {
    const { owner, place, id } = await reviewed('outlet');
    for (const [text, error] of [
      ['   ', 'Required'],
      ['a'.repeat(1001), 'At most 1000 characters'],
      ['<a href="https://spam.example">deal</a>', 'Write plain text, without HTML'],
      [42, 'Required'],
    ] as const) {
      const res = await reply('outlet', place.id, id, owner.token, text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'The request has invalid fields.',
        details: [{ parameter: 'text', errors: [error] }],
      });
    }
  });
});

describe('rate limit on replies', () => {
  it('takes at most 10 replies a minute from one owner', async () => {
    const { owner, place, id } = await reviewed('outlet');
    const ids = [id];
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', `/reviews/outlet/${place.id}`, {
        token: (await reviewer()).token,
        payload: { rating: 5 },
      });
      ids.push(res.json().data.id);
    }
    for (const reviewId of ids.slice(0, 10))
      expect((await reply('outlet', place.id, reviewId, owner.token, 'Thank you!')).statusCode).toBe(200);
    const over = await reply('outlet', place.id, ids[10], owner.token, 'Thank you!');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(refused('Too many requests; try again later.'));
  });
});

describe('the owner cannot hide, delete or reorder reviews', () => {
  it("has no way to delete another's review: the reviewer's own DELETE is 404 to them, and the review stays", async () => {
    const { owner, place, id } = await reviewed('outlet');
    const own = await call('DELETE', `/reviews/outlet/${place.id}`, { token: owner.token });
    expect(own.statusCode).toBe(404);
    expect(own.json()).toEqual(refused('You have not reviewed this listing'));
    for (const url of [`/reviews/outlet/${place.id}/${id}`, `/reviews/outlet/${place.id}/${id}/reply`]) {
      const res = await call('DELETE', url, { token: owner.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(refused('No such endpoint.'));
    }
    const admin = await call('POST', `/admin/reviews/${id}/remove`, { token: owner.token, payload: { reason: 'x' } });
    expect(admin.statusCode).toBe(403);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row.status).toBe('published');
    expect((await call('GET', `/reviews/outlet/${place.id}`)).json().data.map((r: { id: string }) => r.id)).toEqual([
      id,
    ]);
  });

  it('may not mark reviews of their listing helpful (that would reorder "most helpful first")', async () => {
    const { owner, place, id } = await reviewed('outlet');
    const res = await helpful('POST', 'outlet', place.id, id, owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused('You cannot mark reviews of your own listing helpful'));
  });
});

describe('POST and DELETE /reviews/{kind}/{id}/{reviewId}/helpful', () => {
  it('counts one vote per person, refuses a second with 409, and takes it back', async () => {
    const { place, id } = await reviewed('expert');
    const [a, b] = [await reviewer(), await reviewer()];
    const first = await helpful('POST', 'expert', place.id, id, a.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Marked as helpful', data: { helpful: 1 } });
    expect((await helpful('POST', 'expert', place.id, id, b.token)).json().data).toEqual({ helpful: 2 });

    const again = await helpful('POST', 'expert', place.id, id, a.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused('You already found this review helpful'));
    expect((await call('GET', `/reviews/expert/${place.id}`)).json().data[0].helpful).toBe(2);

    const back = await helpful('DELETE', 'expert', place.id, id, a.token);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ success: true, message: 'No longer marked as helpful', data: { helpful: 1 } });
    const twice = await helpful('DELETE', 'expert', place.id, id, a.token);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual(refused('You have not marked this review helpful'));
    expect((await helpful('POST', 'expert', place.id, id, a.token)).json().data).toEqual({ helpful: 2 });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row.helpful).toBe(2);
  });

  it('refuses the reviewer’s own vote with 403, a signed-out one with 401, an unknown review with 404', async () => {
    const { place, author, id } = await reviewed('outlet');
    const own = await helpful('POST', 'outlet', place.id, id, author.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual(refused('You cannot mark your own review helpful'));
    const signedOut = await helpful('POST', 'outlet', place.id, id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual(refused('Sign in to continue.'));
    const unknown = await helpful('POST', 'outlet', place.id, randomUUID(), (await reviewer()).token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(refused('Not found.'));
  });

  it('takes at most 20 votes a minute from one account, and 30 from one address', async () => {
    const voter = await reviewer();
    const many = [];
    for (let i = 0; i < 21; i++) many.push(await reviewed('outlet'));
    for (const r of many.slice(0, 20))
      expect((await helpful('POST', 'outlet', r.place.id, r.id, voter.token)).statusCode).toBe(200);
    const over = await helpful('POST', 'outlet', many[20].place.id, many[20].id, voter.token);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual(refused('Too many requests; try again later.'));

    const ip = '198.51.100.77';
    const { place, id } = many[0];
    for (let i = 0; i < 30; i++) {
      const res = await call('POST', `/reviews/outlet/${place.id}/${id}/helpful`, {
        token: (await reviewer()).token,
        ip,
      });
      expect(res.statusCode).toBe(200);
    }
    const fromAddress = await call('POST', `/reviews/outlet/${place.id}/${id}/helpful`, {
      token: (await reviewer()).token,
      ip,
    });
    expect(fromAddress.statusCode).toBe(429);
    expect(fromAddress.json()).toEqual(refused('Too many requests; try again later.'));
  });
});
