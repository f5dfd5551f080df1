/** Debian's Chromium; nothing downloads a browser (DESIGN §2). */
export const CHROMIUM = '/usr/bin/chromium';

/** The first admin of the server under test: the contact form's e-mail goes to this address. */
export const ADMIN_EMAIL = 'admin@e2e.test';

/** SPEC texts the journeys look for. */
export const TEXT = {
  notFoundTitle: 'Page not found',
  notFoundText: 'The page is deprecated, deleted, or does not exist at all',
  notFoundButton: 'Go back to the home page',
  messageSent: 'Message Sent',
  openMenu: 'Open the menu',
  sections: ['Services & Experts', 'Products & Outlets', 'Pages & Features', 'Editions & News'],
} as const;

/** SPEC §9: YYYY-MM-DD dddd h:mm A. */
export const DATE_TIME = /\d{4}-\d{2}-\d{2} \w+day \d{1,2}:\d{2} (AM|PM)/;
