/** What other modules may use of the policies (issue 13, item 4). */
export { copyrightText, listPublicPolicies } from './policies.service';
