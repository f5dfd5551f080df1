import type { Messages } from '@lingui/core';

/**
 * The Hindi catalogues of the public pages and the shell, in one chunk loaded only for a page in Hindi (decision 019):
 * every one but the signed-in areas' (hindi-account.ts).
 */
export const catalogues = import.meta.glob<Messages>(['./hi/*.json', '!./hi/{account,dashboard,editing,*form}.json'], {
  query: '?lingui',
  import: 'messages',
  eager: true,
});
