/**
 * The header the search box's suggestions carry: words still being typed are not yet a search, and the console's
 * counts of what the town searched for leave such requests out. A module of its own, without zod, for the page's
 * script.
 */
export const SUGGEST_HEADER = 'x-search-suggest';
