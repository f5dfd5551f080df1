import { openDatabase } from '../db/client';
import { Jobs } from '../platform/jobs';

/**
 * A second process for the queue's kill -9 test (platform/jobs.test.ts): it takes a `message` job from the database
 * at the URL it is given, says `working` and never finishes, so the test can kill it in the middle of the job.
 */
const database = await openDatabase({ url: process.argv[2] });
const jobs = new Jobs(database, { warn: () => undefined }, { expireInSeconds: 2 });
await jobs.work('message', async () => {
  process.stdout.write('working\n');
  await new Promise(() => {});
});
