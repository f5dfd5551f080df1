import { CONTENT_KINDS, REVIEW_MESSAGES, type TReview } from '@chaupal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { reviews, users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import type { OutgoingMessage } from '../../platform/messenger';
import { findListing, type ReviewedListing, type ReviewWrite } from './review-write';
import { presentReview } from './reviews.presenter';

/**
 * The listing owner's one public reply to a published review of it, set or changed (there is no hiding it: a reply is
 * edited, not removed). The first reply's time stays; a change sets `replyEditedAt`. Returns the review and the
 * e-mails to the reviewer and the owner, to send once the write has committed.
 */
export async function replyToReview(
  w: ReviewWrite,
  account: TAccount,
  target: { kind: ReviewedListing['kind']; id: string; reviewId: string },
  text: string,
  publicUrl: string,
): Promise<{ review: TReview; mails: OutgoingMessage[] }> {
  const listing = await findListing(w.db, target);
  if (listing.owner.id !== account.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.notOwner);
  const [found] = await w.db
    .select({ review: reviews, reviewer: { name: users.name, email: users.email } })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        eq(reviews.id, target.reviewId),
        eq(reviews.kind, target.kind),
        eq(reviews.listingId, target.id),
        eq(reviews.status, 'published'),
      ),
    )
    .for('update', { of: reviews });
  if (!found) throw notFound();
  const edit = found.review.replyAt !== null;
  const [row] = await w.db
    .update(reviews)
    .set({
      replyText: text,
      replyBy: account.id,
      replyAt: found.review.replyAt ?? sql`now()`,
      replyEditedAt: edit ? sql`now()` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(reviews.id, target.reviewId))
    .returning();
  w.changed(target.kind, target.id);
  const reviewer = row.userId ? found.reviewer : null;
  return {
    review: presentReview(row, reviewer?.name ?? null),
    mails: replyMails(listing, reviewer, text, edit, publicUrl),
  };
}

/** The reviewer is told of the reply (not once their account is gone); the owner gets a copy of what is now shown. */
function replyMails(
  listing: ReviewedListing,
  reviewer: { name: string; email: string } | null,
  text: string,
  edit: boolean,
  publicUrl: string,
): OutgoingMessage[] {
  const url = `${publicUrl}${CONTENT_KINDS[listing.kind].detailPath}${listing.slug}`;
  const title = `"${listing.title}"`;
  const toReviewer: OutgoingMessage[] = reviewer
    ? [
        {
          channel: 'email',
          to: reviewer.email,
          subject: edit
            ? `The owner of ${title} changed their reply to your review`
            : `The owner of ${title} replied to your review`,
          text: [
            `Hello ${reviewer.name},`,
            '',
            `The owner of ${title} wrote under your review:`,
            '',
            text,
            '',
            url,
          ].join('\n'),
        },
      ]
    : [];
  const whose = reviewer ? `${reviewer.name}'s review` : 'a review';
  return [
    ...toReviewer,
    {
      channel: 'email',
      to: listing.owner.email,
      subject: edit ? `Your reply on ${title} is changed` : `Your reply on ${title} is published`,
      text: [
        `Hello ${listing.owner.name},`,
        '',
        `Your reply to ${whose} of ${title} is shown under it:`,
        '',
        text,
        '',
        `You can change it on the listing's page: ${url}`,
      ].join('\n'),
    },
  ];
}
