/** What other modules may use of the one-time codes (issue 13, item 4). */
export {
  type CodeContext,
  consumeResetCode,
  pendingVerifications,
  requestCode,
  resetCodeRefused,
  validateCode,
} from './verification.service';
