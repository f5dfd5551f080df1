import type { TPreviewLink } from '@chaupal/contract';
import type { previewLinks } from '../../db/schema';

/** A link as its record's list shows it: never its token, which is not stored. */
export function presentLink(l: typeof previewLinks.$inferSelect, now: Date): TPreviewLink {
  return {
    id: l.id,
    createdAt: l.createdAt.toISOString(),
    expiresAt: l.expiresAt.toISOString(),
    revokedAt: l.revokedAt ? l.revokedAt.toISOString() : null,
    active: !l.revokedAt && l.expiresAt > now,
  };
}
