import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import type { TListingKind } from '@chaupal/contract/trust-values';

/** The page of a listing's suggest-an-edit form, where its plain post goes too: `/experts/{slug}/suggest-edit`. */
export const suggestEditPath = (kind: TListingKind, slug: string) =>
  `${CONTENT_KINDS[kind].detailPath}${encodeURIComponent(slug)}/suggest-edit`;
