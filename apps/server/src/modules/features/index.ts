/** What other modules may use of this content kind (issue 13, item 4): its writer, for moderation. */
export { featureWriter } from './features.writer';
