/** What other modules may use of stored files (issue 13, item 4). */
export { assertOurUploads, collectGarbage, storeFile } from './uploads.service';
