import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blocks, circles } from '../../db/schema';

/** Words that join a place to what is asked for ("doctor in Shivaji Nagar", "chemist near Bus Stand"). */
const JOINS = ['in', 'near', 'at', 'around', 'ke paas', 'mein', 'me'];

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * "plumber riverside": a circle's or locality's name in the words of a search is where, not what. When the search
 * names no place of its own, the first active circle and locality named in the words (longest names first, any case,
 * whole words, with a joining word before them) become its place, and the rest is what is searched for (`where`
 * holds the words that named it). Words that are only a place name stay the search.
 */
export async function placeInQuery(
  db: DbOrTx,
  q: string,
): Promise<{ q: string; circleName?: string; blockName?: string; where: string } | null> {
  const [circleRows, blockRows] = await Promise.all([
    db.select({ name: circles.name }).from(circles).where(eq(circles.status, 'active')),
    db.select({ name: blocks.name }).from(blocks).where(eq(blocks.status, 'active')),
  ]);
  let rest = ` ${q.toLowerCase().replace(/\s+/g, ' ').trim()} `;
  const found: { circleName?: string; blockName?: string } = {};
  // The words that named the place, as the reader wrote them (lower case), for a did-you-mean to keep.
  const where: string[] = [];
  const names = [
    ...circleRows.map((r) => ({ name: r.name, key: 'circleName' as const })),
    ...blockRows.map((r) => ({ name: r.name, key: 'blockName' as const })),
  ].sort((a, b) => b.name.length - a.name.length);
  const joins = JOINS.map(literal).join('|');
  for (const { name, key } of names) {
    if (found[key] || !name.trim()) continue;
    const at = new RegExp(` (?:(?:${joins}) )?${literal(name.toLowerCase())} `);
    const match = at.exec(rest);
    if (!match) continue;
    const left = rest.replace(at, ' ');
    // A place alone is not a search for what is in it: keep such words as they are.
    if (!left.trim()) continue;
    found[key] = name;
    where.push(match[0].trim());
    rest = left;
  }
  if (!found.circleName && !found.blockName) return null;
  return { q: rest.trim(), ...found, where: where.join(' ') };
}
