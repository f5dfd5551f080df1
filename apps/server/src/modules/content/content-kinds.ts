import { CONTENT_KINDS, type TContentKind, type TContentKindSpec, type TListSort } from '@chaupal/contract';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  categories,
  editions,
  expertBlocks,
  expertCircles,
  expertServices,
  experts,
  featureBlocks,
  featureCircles,
  features,
  news,
  newsBlocks,
  newsCircles,
  outletBlocks,
  outletCategories,
  outletCircles,
  outlets,
  pages,
  services,
} from '../../db/schema';

type JoinTable = typeof expertCircles;
/** A circle join table that also carries the record's parent, order and visibility (schema.ts, circleListing). */
export type CircleListing = typeof newsCircles | typeof featureCircles;
export type ContentTable = typeof experts | typeof outlets | typeof news | typeof features;

/** How a content kind hangs off its taxonomy parent: many through a join table, or one by a column. */
export type ParentLink =
  | { many: true; join: JoinTable; table: typeof services | typeof categories }
  | { many: false; column: AnyColumn; table: typeof editions | typeof pages };

/**
 * A content kind as the server stores it: the contract's description (names, API and public paths, parent, image
 * field, labels: `spec`) and the kind's tables and list order.
 */
export interface ContentKind {
  spec: TContentKindSpec;
  table: ContentTable;
  circles: JoinTable | CircleListing;
  blocks: JoinTable;
  /** Set where the circles table is a listing: a circle-filtered list is read from it, in `order`. */
  listing?: CircleListing;
  parent: ParentLink;
  order: SQL[];
  /** The list orders a `sort=` asks for (issue 14); each has a `where is_public` index (schema.ts). */
  sorts: Record<TListSort, SQL[]>;
}

export const EXPERT: ContentKind = {
  spec: CONTENT_KINDS.expert,
  table: experts,
  circles: expertCircles,
  blocks: expertBlocks,
  parent: { many: true, join: expertServices, table: services },
  order: [asc(experts.title), asc(experts.id)],
  sorts: {
    newest: [desc(experts.createdAt), desc(experts.id)],
    az: [asc(experts.title), asc(experts.id)],
    updated: [desc(experts.updatedAt), desc(experts.id)],
  },
};

export const OUTLET: ContentKind = {
  spec: CONTENT_KINDS.outlet,
  table: outlets,
  circles: outletCircles,
  blocks: outletBlocks,
  parent: { many: true, join: outletCategories, table: categories },
  order: [asc(outlets.title), asc(outlets.id)],
  sorts: {
    newest: [desc(outlets.publishingTime), desc(outlets.id)],
    az: [asc(outlets.title), asc(outlets.id)],
    updated: [desc(outlets.updatedAt), desc(outlets.id)],
  },
};

export const NEWS: ContentKind = {
  spec: CONTENT_KINDS.news,
  table: news,
  circles: newsCircles,
  blocks: newsBlocks,
  listing: newsCircles,
  parent: { many: false, column: news.editionId, table: editions },
  order: [desc(news.publishingTime), desc(news.id)],
  sorts: {
    newest: [desc(news.publishingTime), desc(news.id)],
    az: [asc(news.title), asc(news.id)],
    updated: [desc(news.updatedAt), desc(news.id)],
  },
};

export const FEATURE: ContentKind = {
  spec: CONTENT_KINDS.feature,
  table: features,
  circles: featureCircles,
  blocks: featureBlocks,
  listing: featureCircles,
  parent: { many: false, column: features.pageId, table: pages },
  order: [desc(features.publishedDate), desc(features.id)],
  sorts: {
    newest: [desc(features.publishedDate), desc(features.id)],
    az: [asc(features.title), asc(features.id)],
    updated: [desc(features.updatedAt), desc(features.id)],
  },
};

/** Each kind's tables, by its name (the contract's CONTENT_KINDS order). */
export const CONTENT_KIND_DEFS: Record<TContentKind, ContentKind> = {
  expert: EXPERT,
  outlet: OUTLET,
  news: NEWS,
  feature: FEATURE,
};

export const asTable = (t: ContentTable) => t as unknown as PgTable;
