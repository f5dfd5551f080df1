import { lazyPart } from '../../app/lazy-part';

/** The trust marks and the Report link of a public record (listing-extras.tsx), a chunk of its own. */
export const ListingExtras = lazyPart(() => import('./listing-extras'));
