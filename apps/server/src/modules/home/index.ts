/** What other modules may use of the site settings (issue 13, item 4). */
export { readSettings, writeSetting } from './home.service';
