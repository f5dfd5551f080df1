/** What other modules may use of stored files: they import this file, never another file of this folder. */
export { assertOurUploads, collectGarbage, storeFile } from './uploads.service';
