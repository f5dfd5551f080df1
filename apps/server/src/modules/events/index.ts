/** What other modules may use of events: the descriptor, which the kind registry lists. */
export { eventKind } from './event.kind';
