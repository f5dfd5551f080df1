import { LIMITS, POLICY_TYPE, PUBLIC_POLICY_TYPES, type TPolicy } from '@chaupal/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idOrSlug } from '../../db/lookup';
import { preparedOnce } from '../../db/prepared';
import { policies } from '../../db/schema';
import { notFound } from '../../platform/errors';

export function presentPolicy(row: typeof policies.$inferSelect): TPolicy & { slug: string } {
  return { id: row.id, slug: row.slug, title: row.title, content: row.content, type: row.type, status: row.status };
}

const isPublic = and(eq(policies.status, 'active'), inArray(policies.type, [...PUBLIC_POLICY_TYPES]));

/** Active Policies and Terms & Conditions; the Copyright type is never listed (DESIGN §5). */
export async function listPublicPolicies(db: DbOrTx) {
  const rows = await db
    .select()
    .from(policies)
    .where(isPublic)
    .orderBy(asc(policies.type), asc(policies.position), asc(policies.title))
    .limit(LIMITS.taxonomyMax);
  return rows.map(presentPolicy);
}

export async function getPublicPolicy(db: DbOrTx, ref: string) {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(idOrSlug(policies, ref), isPublic))
    .limit(1);
  if (!row) throw notFound();
  return presentPolicy(row);
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** The footer's copyright line: the active Copyright policy's text, without markup. */
export async function copyrightText(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ content: policies.content })
    .from(policies)
    .where(and(eq(policies.type, POLICY_TYPE.copyright), eq(policies.status, 'active')))
    .orderBy(asc(policies.position))
    .limit(1);
  return row ? plainText(row.content) : '';
}

/**
 * What every page's footer shows of the policies, in one statement: the links to the public ones (as
 * `listPublicPolicies` lists them) and the copyright line (as `copyrightText` gives it).
 */
export async function footerPolicies(db: DbOrTx) {
  const rows = await preparedOnce(db, 'footer_policies', () =>
    db
      .select({
        id: policies.id,
        title: policies.title,
        type: policies.type,
        // A policy's text only for the copyright line: a privacy policy's pages are not read for a footer link.
        content: sql<string | null>`case when ${policies.type} = ${POLICY_TYPE.copyright} then ${policies.content} end`,
      })
      .from(policies)
      .where(
        and(eq(policies.status, 'active'), inArray(policies.type, [...PUBLIC_POLICY_TYPES, POLICY_TYPE.copyright])),
      )
      .orderBy(asc(policies.type), asc(policies.position), asc(policies.title))
      .prepare('footer_policies'),
  ).execute();
  const copyright = rows.find((r) => r.type === POLICY_TYPE.copyright);
  return {
    links: rows
      .filter((r) => r.type !== POLICY_TYPE.copyright)
      .slice(0, LIMITS.taxonomyMax)
      .map(({ id, title, type }) => ({ id, title, type })),
    copyright: copyright?.content ? plainText(copyright.content) : '',
  };
}
