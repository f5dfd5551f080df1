import { POLICY_TYPE } from '@chaupal/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consents, policies } from '../../db/schema';

/**
 * The privacy policy a registration agrees to: the first active Policies entry (the one the Register form links),
 * its version being its last change. A site without one records 'none', so the record still says what was shown.
 */
async function privacyPolicyInForce(db: DbOrTx) {
  const [row] = await db
    .select({ id: policies.id, title: policies.title, updatedAt: policies.updatedAt })
    .from(policies)
    .where(and(eq(policies.type, POLICY_TYPE.policies), eq(policies.status, 'active')))
    .orderBy(asc(policies.position), asc(policies.title))
    .limit(1);
  return row
    ? { policyId: row.id, policyTitle: row.title, policyVersion: row.updatedAt.toISOString() }
    : { policyId: null, policyTitle: 'none', policyVersion: 'none' };
}

/** Stores that the user agreed to the privacy policy in force now (decision 017). */
export async function recordConsent(db: DbOrTx, userId: string, at = new Date()) {
  await db.insert(consents).values({ userId, ...(await privacyPolicyInForce(db)), acceptedAt: at });
}

/** The user's consent records, newest first. */
export async function consentsOf(db: DbOrTx, userId: string) {
  const rows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(desc(consents.acceptedAt));
  return rows.map((r) => ({
    policyId: r.policyId,
    policyTitle: r.policyTitle,
    policyVersion: r.policyVersion,
    acceptedAt: r.acceptedAt.toISOString(),
  }));
}
