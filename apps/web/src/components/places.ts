import type { TBlock, TCircle } from '@chaupal/contract';

/** What the circle and locality names in a list URL stand for (DESIGN §8: names in the URL, ids to the API). */
export interface Places {
  circle?: string;
  block?: string;
  /** A name the URL carries that no circle or locality has: the list is empty, not unfiltered. */
  unknown?: { kind: 'circle' | 'locality'; name: string };
}

/**
 * Resolves the URL's names against the circles and the localities (of the circle, or of every circle when the URL
 * names a locality alone). One rule for the route's loader and the page, so both ask the API the same question.
 */
export function placesOf(
  circles: readonly TCircle[],
  blocks: readonly TBlock[],
  circleName: string | undefined,
  blockName: string | undefined,
): Places {
  const circle = circleName ? circles.find((c) => c.name === circleName) : undefined;
  if (circleName && !circle) return { unknown: { kind: 'circle', name: circleName } };
  const block = blockName ? blocks.find((b) => b.name === blockName) : undefined;
  if (blockName && !block) return { circle: circle?.id, unknown: { kind: 'locality', name: blockName } };
  return { circle: circle?.id, block: block?.id };
}
