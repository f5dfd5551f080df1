import type { Messages } from '@lingui/core';

/**
 * The Hindi catalogues of the signed-in areas (account, dashboard, editing, and a kind's own form: `<kind>form.json`),
 * loaded with their code on a page in Hindi.
 */
export const catalogues = import.meta.glob<Messages>('./hi/{account,dashboard,editing,*form}.json', {
  query: '?lingui',
  import: 'messages',
  eager: true,
});
