import { lazy } from 'react';

/** The trust marks and the Report link of a public record (listing-extras.tsx), a chunk of its own. */
export const ListingExtras = lazy(() => import('./listing-extras'));
