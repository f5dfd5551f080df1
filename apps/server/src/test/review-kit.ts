import type { TListingKind } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import { API_PREFIX } from '../app';
import { experts, outbox, outlets, type users } from '../db/schema';
import { makeExpert, makeOutlet, makeUser } from '../seed/factories';
import type { TMethod } from './api';
import type { TestContext } from './harness';
import type { TWorld } from './world';

/**
 * The review tests' helpers: calls from an address of their own each (so the per-address budget is tested only where
 * meant), reviewers, listings of a test's own, and what the database then says.
 */
export function reviewKit(ctx: () => { t: TestContext; w: TWorld }) {
  let nextIp = 1;
  const call = (
    method: TMethod,
    url: string,
    opts: { token?: string; payload?: object; ip?: string; headers?: Record<string, string> } = {},
  ) =>
    ctx().t.app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      payload: opts.payload,
      remoteAddress: opts.ip ?? `10.7.${(nextIp >> 8) & 255}.${nextIp++ & 255}`,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });

  /** A signed-in person with a verified phone whose account is a month old (the burst rule leaves it alone). */
  const reviewer = async (o: Partial<typeof users.$inferInsert> = {}) => {
    const user = await makeUser(ctx().t.db, { createdAt: new Date(Date.now() - 30 * 86_400_000), ...o });
    return { ...user, token: await ctx().t.app.tokens.issue(user) };
  };

  /** A public listing of the test's own, owned by `ownerId` (the world's Alice unless told). */
  const listing = async (
    kind: TListingKind,
    o: { title?: string; ownerId?: string; status?: 'active' | 'hold'; ratingCount?: number; ratingSum?: number } = {},
    parentId?: string,
  ) => {
    const { t, w } = ctx();
    const { ownerId = w.users.alice.id, ...given } = o;
    // A value left undefined keeps the factory's own (a title of its own).
    const values = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
    const links = { userId: ownerId, circleIds: [w.circles.north.id] };
    return kind === 'expert'
      ? makeExpert(t.db, { ...links, serviceIds: [parentId ?? w.services.doctors.id] }, values)
      : makeOutlet(t.db, { ...links, categoryIds: [parentId ?? w.categories.grocery.id] }, values);
  };

  /** The listing's rating columns as a card reads them. */
  const columns = async (kind: TListingKind, id: string) => {
    const t = kind === 'expert' ? experts : outlets;
    const [row] = await ctx().t.db.select({ count: t.ratingCount, sum: t.ratingSum }).from(t).where(eq(t.id, id));
    return row;
  };

  const mailsTo = (to: string) => ctx().t.db.select().from(outbox).where(eq(outbox.to, to));

  return { call, reviewer, listing, columns, mailsTo };
}
