import type { z } from 'zod';
import type { RichText } from '../../platform/sanitize';
import type { ContentKind } from './content-kinds';
import type { LoadedRow } from './content-query';

/** What a validated form resolved to: taxonomy ids checked against the database. */
export interface ResolvedLinks {
  parentIds: string[];
  circleIds: string[];
  blockIds: string[];
}

/**
 * How one content kind's form maps onto its tables: the kind-specific part of the write pipeline
 * (content-write.ts holds the rest, shared by all four).
 */
export interface ContentWriter<S extends z.ZodType> {
  /** The kind's tables and its registry entry (`def.spec`: the parent and image fields, the label). */
  def: ContentKind;
  form: S;
  /** The parent ids a validated form names (before resolution). */
  parentRefs(form: z.output<S>): string[];
  /** Column values of the content table for a validated form (not image, slug, status or owner). */
  values(form: z.output<S>, links: ResolvedLinks, richText: RichText): Record<string, unknown>;
  /** A stored record as form fields, so an edit that leaves a field out keeps its value. */
  formOf(record: LoadedRow): Record<string, unknown>;
}
