import { SUGGESTION_FIELDS, type TSuggestion } from '@chaupal/contract';
import type { editSuggestions } from '../../db/schema';
import { ZStoredChanges } from './suggestion-changes';

/** The listing a suggestion names, with its owner (read beside the suggestion). */
export interface SuggestedListing {
  id: string;
  slug: string;
  title: string;
  userId: string;
  ownerStatus: string;
}

/** A suggestion as its owner (or an admin) decides it: the suggester's name and message, never their contact. */
export function presentSuggestion(row: typeof editSuggestions.$inferSelect, listing: SuggestedListing): TSuggestion {
  const changes = ZStoredChanges.parse(row.changes);
  return {
    id: row.id,
    kind: row.kind,
    listing: { id: listing.id, slug: listing.slug, title: listing.title },
    name: row.name,
    message: row.message,
    changes: SUGGESTION_FIELDS.flatMap((field) => {
      const c = changes[field];
      return c ? [{ field, current: c.current, proposed: c.proposed, decision: c.decision }] : [];
    }),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
