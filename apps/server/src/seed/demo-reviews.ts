import { randomUUID } from 'node:crypto';
import { type TListingKind, ZReviewForm, ZReviewReplyForm } from '@chaupal/contract';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { reviews, reviewVotes } from '../db/schema';
import { REVIEWED_TABLES, refreshRating } from '../modules/reviews';
import { hashPassword } from '../platform/passwords';
import { DEMO_PASSWORD, EXPERTS, type ListingDef, OUTLETS } from './demo-content';
import type { Random } from './demo-images';
import { ANY_TRADE, BY_TRADE, REPLIES, REVIEWER_NAMES, type ReviewTexts } from './demo-review-texts';
import { makeUser } from './factories';

/**
 * The demo town's reviews: residents rate about a third of the public experts and outlets, so cards show ratings and
 * the "Rating" sort has something to sort, and one pinned outlet gets exactly FULL_PAGE_REVIEWS reviews, the listing
 * used to measure a page with many reviews. The rows are what the review services would have written (published,
 * plain trimmed text, never by the listing's owner, one per person, "helpful" equal to its votes, replies by the
 * owner), and the rating columns are then set by the same `refreshRating` the services call.
 *
 * Every choice comes from the PRNG passed in, a sequence of its own, so adding reviews changed nothing else in the demo.
 */

/** The reviews of the one listing that shows a long page of them. */
export const FULL_PAGE_REVIEWS = 50;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A reviewer: their id, and their first name for the owner's reply. */
interface Resident {
  id: string;
  firstName: string;
  createdAt: number;
}

/** A public listing as the seed reads it back, with the trade its texts are drawn from. */
interface Listing {
  kind: TListingKind;
  id: string;
  slug: string;
  ownerId: string;
  createdAt: number;
  pinned: boolean;
  trades: string[];
}

type Quality = 'great' | 'good' | 'mixed' | 'poor';

/**
 * How likely each star is (1 to 5) at a listing of each quality. Most of the town's places are liked, a few are
 * middling and one in ten is poor, so averages spread from about 2.5 to 4.8 and the sort by rating has an order.
 */
const STARS: Record<Quality, number[]> = {
  great: [0.02, 0.02, 0.04, 0.22, 0.7],
  good: [0.04, 0.04, 0.1, 0.42, 0.4],
  mixed: [0.1, 0.12, 0.28, 0.3, 0.2],
  poor: [0.3, 0.25, 0.2, 0.15, 0.1],
};
const QUALITIES: Quality[] = ['great', 'great', 'great', 'good', 'good', 'good', 'good', 'mixed', 'mixed', 'poor'];
/** How many reviews a reviewed listing gets: ones and twos included, so some cards say "2 reviews" and no average. */
const REVIEW_COUNTS = [1, 1, 2, 2, 3, 4, 5, 6, 7, 8];

/**
 * Makes the reviewers, then writes the reviews of the long-page outlet and of a third of the other public experts and
 * outlets, and sets their rating columns. Run after the listings exist; gives what the seed's summary counts and the
 * slug of the outlet with FULL_PAGE_REVIEWS reviews.
 */
export async function seedReviews(
  db: DbOrTx,
  r: Random,
  now: number,
): Promise<{ reviews: number; reviewers: number; fullPage: string }> {
  const residents = await seedResidents(db, now);
  const experts = await publicListings(db, 'expert', EXPERTS);
  const outlets = await publicListings(db, 'outlet', OUTLETS);

  // The long page: the first public outlet with a pin, so it also shows on the map and in "near me".
  const full = outlets.find((o) => o.pinned);
  if (!full) throw new Error('the demo has no public outlet with a pin to give 50 reviews');
  const plans: { listing: Listing; count: number; quality: Quality }[] = [
    { listing: full, count: FULL_PAGE_REVIEWS, quality: 'great' },
  ];
  for (const pool of [experts, outlets.filter((o) => o !== full)]) {
    for (const listing of r.sample(pool, Math.round(pool.length / 3))) {
      plans.push({ listing, count: r.pick(REVIEW_COUNTS), quality: r.pick(QUALITIES) });
    }
  }

  let written = 0;
  for (const plan of plans) written += await reviewListing(db, r, now, residents, plan);
  for (const { listing } of plans) await refreshRating(db, listing.kind, listing.id);
  return { reviews: written, reviewers: residents.length, fullPage: full.slug };
}

/**
 * The reviewers: verified residents (a review needs a verified phone), with accounts older than any review they write,
 * as real ones would be (and the burst rule, which holds reviews from new accounts, would not apply to them).
 */
async function seedResidents(db: DbOrTx, now: number): Promise<Resident[]> {
  const out: Resident[] = [];
  // One hash for all of them: hashing is slow on purpose, and sixty would slow every demo start by seconds.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [i, name] of REVIEWER_NAMES.entries()) {
    const n = String(i + 1).padStart(2, '0');
    const createdAt = now - (400 - i * 3) * DAY;
    const user = await makeUser(db, {
      name,
      email: `resident${n}@example.com`,
      phone: `+9190000100${n}`,
      passwordHash,
      emailVerified: true,
      phoneVerified: true,
      createdAt: new Date(createdAt),
    });
    out.push({ id: user.id, firstName: name.split(' ')[0], createdAt });
  }
  return out;
}

/**
 * The kind's public listings, in the order of the demo content (so the same ones are picked on every run): only
 * those a visitor can see and review, as the review service allows no other.
 */
async function publicListings(db: DbOrTx, kind: TListingKind, defs: ListingDef[]): Promise<Listing[]> {
  const t = REVIEWED_TABLES[kind];
  const rows = await db
    .select({
      id: t.id,
      title: t.title,
      slug: t.slug,
      ownerId: t.userId,
      isPublic: t.isPublic,
      latitude: t.latitude,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(
      inArray(
        t.title,
        defs.map((d) => d.title),
      ),
    );
  const out: Listing[] = [];
  for (const def of defs) {
    const row = rows.find((x) => x.title === def.title);
    if (!row?.isPublic) continue;
    out.push({
      kind,
      id: row.id,
      slug: row.slug,
      ownerId: row.ownerId,
      createdAt: row.createdAt.getTime(),
      pinned: row.latitude !== null,
      trades: def.in,
    });
  }
  return out;
}

/** Writes one listing's reviews, their owner's replies and their helpful votes; gives how many reviews. */
async function reviewListing(
  db: DbOrTx,
  r: Random,
  now: number,
  residents: Resident[],
  plan: { listing: Listing; count: number; quality: Quality },
): Promise<number> {
  const { listing } = plan;
  // Never the owner, and each person once: the service refuses both.
  const people = residents.filter((p) => p.id !== listing.ownerId);
  const writers = r.sample(people, plan.count);
  if (writers.length < plan.count) throw new Error(`not enough demo residents for ${plan.count} reviews`);
  const texts = textPicker(r, listing.trades);
  const rows: (typeof reviews.$inferInsert)[] = [];
  const votes: (typeof reviewVotes.$inferInsert)[] = [];
  for (const writer of writers) {
    const rating = stars(r, plan.quality);
    const createdAt = moment(r, Math.max(listing.createdAt, writer.createdAt) + DAY, now - HOUR);
    // Parsed by the review form's own schema, so the text is trimmed plain text, as the service would store it.
    const form = ZReviewForm.parse({ rating, text: r.chance(0.2) ? '' : texts(rating) });
    const reply = form.text ? ownerReply(r, now, createdAt, rating, writer) : null;
    const id = randomUUID();
    // Voters: other residents, never the reviewer nor the owner (the vote service refuses both). Reviews with words
    // are the ones people find helpful.
    const helpful = form.text && r.chance(0.4) ? r.int(1, 5) : 0;
    for (const voter of r.sample(
      people.filter((p) => p !== writer),
      helpful,
    )) {
      votes.push({ reviewId: id, userId: voter.id, createdAt: new Date(moment(r, createdAt + HOUR, now)) });
    }
    rows.push({
      id,
      kind: listing.kind,
      listingId: listing.id,
      userId: writer.id,
      rating: form.rating,
      text: form.text,
      status: 'published',
      helpful,
      replyText: reply?.text ?? null,
      replyBy: reply ? listing.ownerId : null,
      replyAt: reply ? new Date(reply.at) : null,
      createdAt: new Date(createdAt),
      updatedAt: new Date(reply?.at ?? createdAt),
    });
  }
  await db.insert(reviews).values(rows);
  if (votes.length) await db.insert(reviewVotes).values(votes);
  return rows.length;
}

/** A star rating drawn from the listing's quality (STARS). */
function stars(r: Random, quality: Quality): number {
  let x = r.next();
  for (const [i, p] of STARS[quality].entries()) {
    x -= p;
    if (x < 0) return i + 1;
  }
  return 5;
}

const band = (rating: number): keyof ReviewTexts =>
  rating === 5 ? 'great' : rating === 4 ? 'good' : rating === 3 ? 'meh' : 'bad';

/**
 * Draws texts for one listing's reviews: mostly from its trade's own, otherwise from those that fit any trade; each
 * at most once per listing, since fifty reviews repeating one sentence would read as fake. A four-star review may use
 * a five-star text; when a band runs out the review is left without words, as many real ones are.
 */
function textPicker(r: Random, trades: string[]) {
  const used = new Set<string>();
  const trade = trades.map((k) => BY_TRADE[k]).find(Boolean) ?? {};
  const fresh = (texts: string[]) => texts.filter((s) => !used.has(s));
  return (rating: number): string => {
    const bands: (keyof ReviewTexts)[] = rating === 4 ? ['good', 'great'] : [band(rating)];
    const own = fresh(bands.flatMap((b) => trade[b] ?? []));
    const any = fresh(bands.flatMap((b) => ANY_TRADE[b]));
    const from = own.length && (r.chance(0.6) || !any.length) ? own : any;
    if (!from.length) return '';
    const text = r.pick(from);
    used.add(text);
    return text;
  };
}

/**
 * Owners answer what people wrote (not bare stars), complaints more often than praise, a few hours to four days after
 * the review; a reply that would be in the future is not written.
 */
function ownerReply(r: Random, now: number, reviewedAt: number, rating: number, writer: Resident) {
  if (!r.chance(rating <= 2 ? 0.7 : rating === 3 ? 0.5 : 0.2)) return null;
  const at = reviewedAt + r.int(3, 96) * HOUR + r.int(0, 59) * MINUTE;
  const text = r.pick(rating >= 4 ? REPLIES.thanks : REPLIES.sorry).replace(/\{name\}/g, writer.firstName);
  if (at > now - 10 * MINUTE) return null;
  return { at, text: ZReviewReplyForm.parse({ text }).text };
}

/** A moment between `from` and `to`, at a plausible hour of the day (08:00–22:00 in India). */
function moment(r: Random, from: number, to: number): number {
  if (to <= from) return to;
  const day = Math.floor((from + r.next() * (to - from)) / DAY) * DAY;
  const t = day + r.int(2 * 60 + 30, 16 * 60 + 30) * MINUTE; // 08:00–22:00 IST, as UTC minutes
  return Math.min(Math.max(t, from), to);
}
