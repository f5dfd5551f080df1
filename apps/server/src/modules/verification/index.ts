/** What other modules may use of the one-time codes: they import this file, never another file of this folder. */
export {
  type CodeContext,
  consumeResetCode,
  pendingVerifications,
  requestCode,
  resetCodeRefused,
  validateCode,
} from './verification.service';
