/** What other modules may use of accounts (issue 13, item 4): the rest of this folder is the module's own. */
export { clearFailedLogins, findByUserName, setAccountStatus } from './account.service';
export { consentsOf } from './consent';
export { loginHistory } from './login-history';
