/**
 * The SPEC texts the page shell itself shows (the not-found screen, the loading state, the sign-out toast, the lists'
 * empty states, the home page's contact form): part of MESSAGES, kept in a module of their own so the public entry
 * bundles these few and not every message (the public JavaScript budget).
 */
export const SHELL_MESSAGES = {
  notFoundTitle: 'Page not found',
  notFoundText: 'The page is deprecated, deleted, or does not exist at all',
  notFoundButton: 'Go back to the home page',
  loading: 'Loading',
  logoutSuccess: 'Logout Successfully',
  // The home page's contact form.
  required: 'Required',
  messageSent: 'Message Sent',

  // The empty states of the content kinds' lists (content-kinds.ts, which the entry carries).
  noServiceFound: 'No Service Found',
  noExpertsFound: 'No Experts Found',
  noFeatureFound: 'No Feature Found',
  noExpertFound: 'No Expert Found',
  noNewsFoundDashboard: 'No News Found',
  noOutletsFound: 'No Outlets Found',
  noCategoryFound: 'No Category Found',
  noEditionsFound: 'No Editions Found',
  noNewsFound: 'No news Found',
  noRelatedFeatures: 'No Related Features!!',
  noRelatedExperts: 'No Related Experts!!',
  noRelatedOutlets: 'No Related Outlets!!',
  noRelatedNews: 'No related News!!',
} as const;
