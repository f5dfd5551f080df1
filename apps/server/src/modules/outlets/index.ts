/** What other modules may use of this content kind: its descriptor, which the kind registry lists. */
export { outletKind } from './outlets.kind';
