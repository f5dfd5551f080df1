import { LOGIN_HISTORY_MAX } from '@chaupal/contract';
import Bowser from 'bowser';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginEvents } from '../../db/schema';

/**
 * The browser family of a User-Agent header ("Chrome on Android"), no version and no device: enough for a person to
 * recognise a sign-in, too little to tell them apart. Anything unreadable is "Unknown browser".
 */
export function agentFamily(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent.slice(0, 1000));
  const name = browser.name || 'Unknown browser';
  return os.name && browser.name ? `${name} on ${os.name}` : name;
}

/** Stores a successful sign-in and forgets all but the newest LOGIN_HISTORY_MAX of the account. */
export async function recordLogin(db: DbOrTx, userId: string, userAgent: string | undefined, at = new Date()) {
  await db.insert(loginEvents).values({ userId, agent: agentFamily(userAgent), at });
  const kept = db
    .select({ id: loginEvents.id })
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.at), desc(loginEvents.id))
    .limit(LOGIN_HISTORY_MAX);
  await db.delete(loginEvents).where(and(eq(loginEvents.userId, userId), notInArray(loginEvents.id, kept)));
}

/** An account's sign-ins, newest first. */
export async function loginHistory(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ at: loginEvents.at, agent: loginEvents.agent })
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.at), desc(loginEvents.id));
  return rows.map((r) => ({ at: r.at.toISOString(), agent: r.agent }));
}
