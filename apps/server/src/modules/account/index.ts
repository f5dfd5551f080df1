/** What other modules may use of accounts (they import only this file): the rest of this folder is the module's own. */
export { clearFailedLogins, setAccountStatus } from './account.service';
export { consentsOf } from './consent';
export { loginHistory } from './login-history';
