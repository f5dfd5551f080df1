import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { findByUserName, setAccountStatus } from '../modules/account/account.service';
import { runCli, UsageError } from './run';

const USAGE = 'usage: npm run user:status -- --email <e-mail or phone> (--hold | --activate)';

/**
 * `npm run user:status -- --email X --hold|--activate`: holds or activates an account from the shell (operators,
 * and tests before the admin console). The account's content leaves or returns to the public pages at once; a held
 * account's next call is refused with 403 hold.
 */
async function run() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, hold: { type: 'boolean' }, activate: { type: 'boolean' } },
    strict: true,
  });
  if (!values.email || values.hold === values.activate) throw new UsageError(USAGE);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const user = await findByUserName(database.db, values.email);
    if (!user) throw new UsageError(`no account has the e-mail or phone ${values.email}`);
    const status = values.hold ? 'hold' : 'active';
    await setAccountStatus(database.db, user.id, status);
    process.stdout.write(`${user.email}: ${status}\n`);
  } finally {
    await database.close();
  }
}

runCli(run);
