/** Debian's Chromium; nothing downloads a browser (DESIGN §2). */
export const CHROMIUM = '/usr/bin/chromium';
/** How the journeys launch it: headless, and quiet (no background traffic of its own). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The last line of a server's log once its process has ended (global-setup.ts). */
export const EXITED_MARK = '[e2e] the server exited:';

/** The first admin of the server under test: the contact form's e-mail goes to this address. */
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'E2eAdmin123';

/** SPEC texts the journeys look for. */
export const TEXT = {
  notFoundTitle: 'Page not found',
  notFoundText: 'The page is deprecated, deleted, or does not exist at all',
  notFoundButton: 'Go back to the home page',
  messageSent: 'Message Sent',
  openMenu: 'Open the menu',
  sections: ['Services & Experts', 'Products & Outlets', 'Pages & Features', 'Editions & News'],
} as const;

/** Monday 2026-11-23, 10:15 AM in India (SITE_TZ Asia/Kolkata): the clock of the place journey's server. */
export const MONDAY_MORNING = '2026-11-23T10:15:00+05:30';

/** SPEC §9: YYYY-MM-DD dddd h:mm A. */
export const DATE_TIME = /\d{4}-\d{2}-\d{2} \w+day \d{1,2}:\d{2} (AM|PM)/;
