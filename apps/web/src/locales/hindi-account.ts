import type { Messages } from '@lingui/core';

/** The Hindi catalogues of the signed-in areas (account, dashboard, editing), loaded with their code on a page in Hindi. */
export const catalogues = import.meta.glob<Messages>('./hi/{account,dashboard,editing}.json', {
  query: '?lingui',
  import: 'messages',
  eager: true,
});
