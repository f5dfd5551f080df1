/** User-facing texts from SPEC.md, copied exactly. Server, web and tests import these. */
export const MESSAGES = {
  notFoundTitle: 'Page not found',
  notFoundText: 'The page is deprecated, deleted, or does not exist at all',
  notFoundButton: 'Go back to the home page',
  loading: 'Loading',

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

  required: 'Required',
  passwordRule:
    'Password must be between 6 to 20 characters with at least one numeric digit, one uppercase and one lowercase letter.',
  passwordsDontMatch: "Passwords don't match",
  invalidNo: 'Invalid No',
  urlNotValid: 'Url is not valid',
  phoneNotValid: (example: string) => `Phone number is not valid (Eg ${example})`,

  otpAlreadySent: 'OTP Already Sent',
  invalidToken: 'Invalid Token',
  tokenExpired: 'Token Expired',
  tooManyAttempts: 'Too many attempts',

  loginSuccess: 'Login Successfully',
  updatedSuccess: 'Updated Successfully',
  verificationSuccess: 'Verification Successfully',
  logoutSuccess: 'Logout Successfully',
  registerSuccess: 'Register Successfully',
  messageSent: 'Message Sent',
  deletedSuccess: 'Deleted Successfully',
  editedSuccess: 'Edited Successfully',
  verificationNeeded: 'Verification Needed',
  accessDenied: 'Access Denied!',
} as const;

/** Error sentences of the API (DESIGN §4: one sentence in `error`). */
export const API_ERRORS = {
  validation: 'The request has invalid fields.',
  notFound: 'Not found.',
  routeNotFound: 'No such endpoint.',
  unauthorized: 'Sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  accountHeld: 'This account is on hold.',
  accountUnverified: 'Verify your e-mail and phone to continue.',
  conflict: 'That value is already in use.',
  tooLarge: 'The upload is too large.',
  unsupportedType: 'That file type is not accepted.',
  unsupportedMediaType: 'That request body format is not accepted.',
  rateLimited: 'Too many requests; try again later.',
  busy: 'The server is busy; try again in a moment.',
  internal: 'Something went wrong on our side.',
} as const;
