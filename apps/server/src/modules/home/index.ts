/** What other modules may use of the site settings: they import this file, never another file of this folder. */
export { readSettings, type TSettings, writeSetting } from './home.service';
