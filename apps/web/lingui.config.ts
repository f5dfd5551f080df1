import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

/**
 * The interface's message catalogues (decision 019): `src/locales/{locale}/<area>.json`, one per area of
 * the app, as flat JSON (`{ "id": "text" }`) with ICU placeholders. `@lingui/vite-plugin` compiles an imported
 * catalogue (`*.json?lingui`) at build time, and fails the build on a missing Hindi text or a message that does not
 * compile.
 */
const areas = readdirSync(new URL('./src/locales/en', import.meta.url)).map((f) => f.replace(/\.json$/, ''));

export default defineConfig({
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  catalogs: areas.map((area) => ({ path: `<rootDir>/src/locales/{locale}/${area}`, include: [] })),
  format: formatter({ style: 'minimal' }),
});
