import { SHELL_MESSAGES } from './shell-messages';

/** User-facing texts from SPEC.md, copied exactly. Server, web and tests import these. */
export const MESSAGES = {
  ...SHELL_MESSAGES,

  passwordRule:
    'Password must be between 6 to 20 characters with at least one numeric digit, one uppercase and one lowercase letter.',
  passwordsDontMatch: "Passwords don't match",
  invalidNo: 'Invalid No',
  urlNotValid: 'Url is not valid',
  phoneNotValid: (example: string) => `Phone number is not valid (Eg ${example})`,

  otpAlreadySent: 'OTP Already Sent',
  otpSent: 'OTP Send Successfully',
  checkPhoneAndEmail: 'Kindly Check Phone SMS and Email',
  invalidToken: 'Invalid Token',
  tokenExpired: 'Token Expired',
  tooManyAttempts: 'Too many attempts',

  loginSuccess: 'Login Successfully',
  updatedSuccess: 'Updated Successfully',
  verificationSuccess: 'Verification Successfully',
  registerSuccess: 'Register Successfully',
  deletedSuccess: 'Deleted Successfully',
  editedSuccess: 'Edited Successfully',
  /** A record saved as a draft (decision 033), added or edited. */
  draftSaved: 'Draft saved',
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
