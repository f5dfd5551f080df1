import { EDITOR_KINDS, type TContentKind } from '@chaupal/contract';
import { inArray, type SQL } from 'drizzle-orm';
import { news } from '../../db/schema';
import type { TAccount } from '../../platform/auth';

type DeskAccount = Pick<TAccount, 'role' | 'editorEditions'>;

const isEditorKind = (kind: TContentKind) => (EDITOR_KINDS as readonly TContentKind[]).includes(kind);

/**
 * Whether a record is on this account's desk: what the console lets it moderate and edit (decision 033). An admin's
 * desk holds every record; an editor's every feature and the news of their editions (of every edition when none are
 * chosen); anyone else's nothing. `deskCondition` is the same rule for the console's lists.
 */
export function onDesk(account: DeskAccount, kind: TContentKind, row: { editionId?: unknown }): boolean {
  if (account.role === 'admin') return true;
  if (account.role !== 'editor' || !isEditorKind(kind)) return false;
  if (kind !== 'news' || !account.editorEditions.length) return true;
  return typeof row.editionId === 'string' && account.editorEditions.includes(row.editionId);
}

/** `onDesk` as a condition on the kind's table: none (every row), or `false` when no row of the kind is on it. */
export function deskCondition(account: DeskAccount, kind: TContentKind): SQL | undefined | false {
  if (account.role === 'admin') return undefined;
  if (account.role !== 'editor' || !isEditorKind(kind)) return false;
  return kind === 'news' && account.editorEditions.length ? inArray(news.editionId, account.editorEditions) : undefined;
}
