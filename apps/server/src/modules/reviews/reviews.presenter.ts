import type { TReview } from '@chaupal/contract';
import type { reviews } from '../../db/schema';

type ReviewRow = typeof reviews.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A review as the listing's page shows it: stars, text, the reviewer's public name (null once their account is gone),
 * "helpful" and the owner's reply. Its status only in the reviewer's own view (`withStatus`).
 */
export function presentReview(row: ReviewRow, authorName: string | null, opts: { withStatus?: boolean } = {}): TReview {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    author: row.userId && authorName !== null ? { id: row.userId, name: authorName } : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: iso(row.editedAt),
    helpful: row.helpful,
    reply:
      row.replyText !== null && row.replyAt
        ? { text: row.replyText, createdAt: row.replyAt.toISOString(), editedAt: iso(row.replyEditedAt) }
        : null,
    ...(opts.withStatus ? { status: row.status } : {}),
  };
}
