import { API_PREFIX } from '../apps/server/src/app';
import { answerSet, report } from '../apps/server/src/modules/search/relevance/relevance-set';
import { serveDemo } from './demo-server';

/**
 * `npm run bench:relevance`: the search's relevance set (modules/search/relevance/relevance-set.ts) over the demo town
 * as `npm start` serves it, printed as success@3 and MRR per kind of question, with the queries missed at 3. The
 * tests hold the same set to its thresholds (relevance.test.ts).
 */
async function main() {
  const demo = await serveDemo();
  try {
    const get = async <T>(path: string) => (await (await fetch(`${demo.base}${API_PREFIX}${path}`)).json()) as T;
    process.stdout.write(`${report(await answerSet(get))}\n`);
  } finally {
    await demo.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
