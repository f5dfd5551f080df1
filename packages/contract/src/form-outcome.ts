/**
 * A public form the server answered itself, because it came as a plain HTML post (the browser ran none of the app):
 * the page is rendered again with what the visitor sent and the API's errors in place. Plain data without zod, so the
 * browser imports it by file.
 */
export interface TFormOutcome {
  /** Which form of the page: the contact form, a listing's report form, or its suggest-an-edit form. */
  form: 'contact' | 'report' | 'suggest';
  /** What the visitor typed, to fill the form again (never a file). */
  values: Record<string, string>;
  /** The API's error sentence (SPEC §8). */
  error: string;
  /** The API's field errors, as in its error body. */
  details?: { parameter: string; errors: string[] }[];
}
