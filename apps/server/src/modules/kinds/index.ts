import type { TContentKind } from '@chaupal/contract';
import type { ContentKind } from '../content';
import { eventKind } from '../events';
import { expertKind } from '../experts';
import { featureKind } from '../features';
import { newsKind } from '../news';
import { outletKind } from '../outlets';

/**
 * Every content kind, by its registry name (the contract's CONTENT_KINDS order). What lists kinds — routes, the
 * public-write step, moderation, the console's counts, sitemaps and feeds, search, personal data — reads this.
 */
export const KINDS: { readonly [K in TContentKind]: ContentKind } = {
  expert: expertKind,
  outlet: outletKind,
  news: newsKind,
  feature: featureKind,
  event: eventKind,
};

/** The kinds in their one order. */
export const KIND_LIST: readonly ContentKind[] = Object.values(KINDS);
