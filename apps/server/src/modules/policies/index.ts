/** What other modules may use of the policies: they import this file, never another file of this folder. */
export { copyrightText, footerPolicies } from './policies.service';
