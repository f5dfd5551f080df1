import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openForTool } from '../db/control-socket';
import { clearFailedLogins, setAccountStatus } from '../modules/account/account.service';
import { recordAudit } from '../modules/admin/audit.service';
import { publicWrite } from '../modules/content';
import { KIND_LIST } from '../modules/kinds';
import { findByUserName } from '../platform/auth';
import { CACHE_TAGS, invalidateShared } from '../platform/response-cache';
import { runCli, UsageError } from './run';

const USAGE = 'usage: npm run user:status -- --email <e-mail or phone> (--hold | --activate | --unlock)';

/**
 * `npm run user:status -- --email X --hold|--activate|--unlock`: holds or activates an account from the shell
 * (operators, and tests before the admin console). A held account's next call is refused with 403 hold. Its content
 * leaves (or returns to) the public pages at once on servers sharing REDIS_URL (the same tags an admin write bumps); a
 * server caching in its own memory shows the old pages until they age out, and the tool says so. `--unlock` lifts a
 * sign-in lock from wrong passwords, as the console's Unlock sign-in does, for an admin who cannot reach the console.
 */
async function run() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      hold: { type: 'boolean' },
      activate: { type: 'boolean' },
      unlock: { type: 'boolean' },
    },
    strict: true,
  });
  const actions = [values.hold, values.activate, values.unlock].filter(Boolean).length;
  if (!values.email || actions !== 1) throw new UsageError(USAGE);
  const config = loadConfig();
  const database = await openForTool(config);
  try {
    const user = await findByUserName(database.db, values.email);
    if (!user) throw new UsageError(`no account has the e-mail or phone ${values.email}`);
    if (values.unlock) {
      const until = user.loginLockedUntil;
      await clearFailedLogins(database.db, user.id);
      await recordAudit(database.db, {
        actorId: null,
        action: 'unlock',
        entity: 'user',
        entityId: user.id,
        before: { signInLockedUntil: until && until > new Date() ? until.toISOString() : null },
        after: { signInLockedUntil: null },
        reason: 'shell',
      });
      process.stdout.write(`${user.email}: sign-in unlocked\n`);
      return;
    }
    const status = values.hold ? 'hold' : 'active';
    await publicWrite({ db: database.db, kinds: KIND_LIST }, (tx, changes) =>
      setAccountStatus(tx, changes, user.id, status),
    );
    process.stdout.write(`${user.email}: ${status}\n`);
    if (config.responseCache && !(await invalidateShared(config, CACHE_TAGS))) {
      process.stderr.write(
        'note: without REDIS_URL a running server caches pages in its own memory: they show the change within 300 s, ' +
          'or at once after a restart\n',
      );
    }
  } finally {
    await database.close();
  }
}

runCli(run);
