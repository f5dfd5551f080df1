import {
  API_ERRORS,
  LISTING_KINDS,
  type TSuggestion,
  type TSuggestionDecisionForm,
  type TSuggestionField,
  ZSuggestionForm,
} from '@chaupal/contract';
import type { TListingKind } from '@chaupal/contract/trust-values';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../db/lookup';
import { type PageRequest, type PageWindow, pageWithTotal } from '../../db/paging';
import { editSuggestions, users } from '../../db/schema';
import type { TAccount } from '../../platform/auth';
import type { Captcha } from '../../platform/captcha';
import { AppError, detailsFromIssues, invalidFields, notFound } from '../../platform/errors';
import type { OutgoingMessage } from '../../platform/messenger';
import { recordAudit } from '../admin';
import { updateContent, type WriteContext } from '../content';
import { REVIEWED_TABLES } from './ratings';
import { changesOf, formFieldsNamed, formValuesOf, type TStoredChanges, ZStoredChanges } from './suggestion-changes';
import { ownerNotice, suggesterThanks } from './suggestion-mail';
import { presentSuggestion, type SuggestedListing } from './suggestions.presenter';

export const SUGGESTION_THANKS = 'Thank you. The owner will review your suggestion.';
/** The most open suggestions an owner's dashboard lists at once (newest first). */
const MINE_MAX = 200;

/**
 * A visitor's correction of a public listing: the fields and the human check first (as the report form), then the
 * listing, then what differs from it now. Each change is stored with the listing's value at this moment. Returns the
 * owner's notice, or null when the listing has no active owner (the console decides those).
 */
export async function suggestChange(
  db: DbOrTx,
  captcha: Captcha,
  target: { kind: TListingKind; id: string },
  body: unknown,
  from: { ip: string; userId: string | null; publicUrl: string },
): Promise<OutgoingMessage | null> {
  const parsed = ZSuggestionForm.safeParse(body);
  if (!parsed.success) throw invalidFields(detailsFromIssues(parsed.error.issues));
  const f = parsed.data;
  if (!(await captcha.verify(f.g_recaptcha_response, from.ip))) {
    throw invalidFields([{ parameter: 'g_recaptcha_response', errors: ['Human check failed'] }]);
  }
  const t = REVIEWED_TABLES[target.kind];
  const [listing] = await db
    .select({
      title: t.title,
      callNow: t.callNow,
      whatsappNo: t.whatsappNo,
      streetAddress: t.streetAddress,
      pinCode: t.pinCode,
      openingHours: t.openingHours,
      latitude: t.latitude,
      longitude: t.longitude,
      closedAt: t.closedAt,
      owner: { email: users.email, name: users.name, status: users.status },
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(and(eq(t.id, target.id), eq(t.isPublic, true)))
    .limit(1);
  if (!listing) throw notFound();
  const changes = changesOf(f, listing);
  if (!Object.keys(changes).length) {
    const details = formFieldsNamed(f).map((parameter) => ({ parameter, errors: ['The listing already says this'] }));
    throw new AppError('BAD_REQUEST', 'Nothing to change', details);
  }
  const suggestion = { changes, message: f.message, name: f.name || null };
  await db.insert(editSuggestions).values({
    kind: target.kind,
    listingId: target.id,
    userId: from.userId,
    ...suggestion,
    contact: f.contact || null,
  });
  if (listing.owner.status !== 'active') return null;
  return ownerNotice(listing.owner, { kind: target.kind, title: listing.title }, suggestion, from.publicUrl);
}

/** The listing of a suggestion, by its kind, with its owner's id and status: null once the listing is deleted. */
const listingJson = sql<SuggestedListing | null>`case ${editSuggestions.kind} ${sql.join(
  LISTING_KINDS.map(
    (k) => sql`when ${k} then (select json_build_object('id', l.id, 'slug', l.slug, 'title', l.title,
      'userId', l.user_id, 'ownerStatus', u.status)
      from ${REVIEWED_TABLES[k]} l join ${users} u on u.id = l.user_id where l.id = ${editSuggestions.listingId})`,
  ),
  sql` `,
)} end`;

async function selectSuggestions(db: DbOrTx, where: SQL | undefined, window: PageWindow) {
  const rows = await db
    .select({ row: editSuggestions, listing: listingJson })
    .from(editSuggestions)
    .where(where)
    .orderBy(desc(editSuggestions.createdAt), desc(editSuggestions.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.flatMap(({ row, listing }) => (listing ? [{ row, listing }] : []));
}

/** The open suggestions for the listings an account owns, newest first. */
export async function listMySuggestions(db: DbOrTx, userId: string): Promise<TSuggestion[]> {
  const where = and(eq(editSuggestions.status, 'open'), sql`(${listingJson})->>'userId' = ${userId}`);
  const rows = await selectSuggestions(db, where, { limit: MINE_MAX, offset: 0 });
  return rows.map(({ row, listing }) => presentSuggestion(row, listing));
}

/** The console's open suggestions: of listings whose owner is not active (held), or all of them. */
export async function listOpenSuggestions(db: DbOrTx, scope: 'ownerless' | 'all', page: PageRequest) {
  const where = [eq(editSuggestions.status, 'open'), sql`${listingJson} is not null`];
  if (scope === 'ownerless') where.push(sql`(${listingJson})->>'ownerStatus' <> 'active'`);
  const { rows, total } = await pageWithTotal(db, editSuggestions, where, page, (condition, window) =>
    selectSuggestions(db, condition, window),
  );
  return { rows: rows.map(({ row, listing }) => presentSuggestion(row, listing)), total };
}

async function loadSuggestion(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [found] = await selectSuggestions(db, eq(editSuggestions.id, id), { limit: 1, offset: 0 });
  return found;
}

type TDecisions = TSuggestionDecisionForm['decisions'];

/** The changes with these decisions made: a field the suggestion does not hold is a 400, one decided already a 409. */
function decided(changes: TStoredChanges, decisions: TDecisions): TStoredChanges {
  const next = { ...changes };
  const unknown = [];
  const again = [];
  for (const [field, d] of Object.entries(decisions) as [TSuggestionField, 'accept' | 'reject'][]) {
    const change = changes[field];
    if (!change) unknown.push({ parameter: `decisions.${field}`, errors: ['Not part of this suggestion'] });
    else if (change.decision !== 'open')
      again.push({ parameter: `decisions.${field}`, errors: [`Already ${change.decision}`] });
    else next[field] = { ...change, decision: d === 'accept' ? 'accepted' : 'rejected' };
  }
  if (unknown.length) throw invalidFields(unknown);
  if (again.length) throw new AppError('CONFLICT', 'Already decided', again);
  return next;
}

/**
 * The owner's (or, for a listing without an active owner, an admin's) decision on some of a suggestion's fields.
 * Accepted fields are the decider's edit of the listing through the contributors' write path, so they are moderated,
 * made public or not, and refresh the caches exactly as that edit from the form would; the decision is stored in the
 * same transaction (an admin's audited). Returns the suggestion and the suggester's thanks, to send after commit.
 */
export async function decideSuggestion(
  ctx: WriteContext,
  decider: { account: TAccount; as: 'owner' | 'admin' },
  id: string,
  decisions: TDecisions,
): Promise<{ suggestion: TSuggestion; thanks: OutgoingMessage | null }> {
  const found = await loadSuggestion(ctx.db, id);
  if (!found) throw notFound();
  const { row, listing } = found;
  const { account, as } = decider;
  if (as === 'owner' && listing.userId !== account.id) throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
  const changes = ZStoredChanges.parse(row.changes);
  // Refused before the edit is prepared; checked again under the lock in the transaction.
  decided(changes, decisions);
  const accepted = (Object.keys(decisions) as TSuggestionField[]).filter((f) => decisions[f] === 'accept');

  const store = async (tx: DbOrTx) => {
    // Read again under a lock: a decision made meanwhile is a 409, and undoes the edit with it.
    const [locked] = await tx.select().from(editSuggestions).where(eq(editSuggestions.id, id)).for('update');
    if (!locked) throw notFound();
    const before = ZStoredChanges.parse(locked.changes);
    const after = decided(before, decisions);
    const status = Object.values(after).some((c) => c.decision === 'open') ? 'open' : 'done';
    await tx
      .update(editSuggestions)
      .set({ changes: after, status, decidedBy: account.id, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(editSuggestions.id, id));
    if (as === 'admin') {
      await recordAudit(tx, {
        actorId: account.id,
        action: 'suggestion-decide',
        entity: 'suggestion',
        entityId: id,
        before: { status: locked.status, decisions: decisionsOf(before) },
        after: { status, decisions: decisionsOf(after), kind: row.kind, listingId: listing.id },
      });
    }
  };
  if (accepted.length) {
    const kind = ctx.kinds.find((k) => k.spec.name === row.kind);
    if (!kind) throw notFound();
    const fields = Object.assign({}, ...accepted.map((f) => formValuesOf(f, changes[f]?.proposed)));
    await updateContent(ctx, kind, account, listing.id, { fields, files: [] }, store);
  } else {
    await ctx.db.transaction(store);
  }
  const now = await loadSuggestion(ctx.db, id);
  if (!now) throw notFound();
  return {
    suggestion: presentSuggestion(now.row, now.listing),
    thanks: suggesterThanks(row.contact, row.name, listing.title, accepted),
  };
}

const decisionsOf = (changes: TStoredChanges) =>
  Object.fromEntries(Object.entries(changes).map(([field, c]) => [field, c.decision]));
