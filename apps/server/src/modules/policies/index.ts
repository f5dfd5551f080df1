/** What other modules may use of the policies (issue 13, item 4). */
export { copyrightText, footerPolicies } from './policies.service';
