import type { TListSort } from '@chaupal/contract';
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
  type TContentKind,
} from '../../db/schema';
import type { TTaxonKind } from '../taxonomy/taxonomy.service';

type JoinTable = typeof expertCircles;
/** A circle join table that also carries the record's parent, order and visibility (schema.ts, circleListing). */
export type CircleListing = typeof newsCircles | typeof featureCircles;
export type ContentTable = typeof experts | typeof outlets | typeof news | typeof features;

/** How a content kind hangs off its taxonomy parent: many through a join table, or one by a column. */
export type ParentLink =
  | { many: true; join: JoinTable; table: typeof services | typeof categories }
  | { many: false; column: AnyColumn; table: typeof editions | typeof pages };

export interface ContentKind {
  kind: TContentKind;
  table: ContentTable;
  circles: JoinTable | CircleListing;
  blocks: JoinTable;
  /** Set where the circles table is a listing: a circle-filtered list is read from it, in `order`. */
  listing?: CircleListing;
  parentKind: TTaxonKind;
  /** The list filter naming the parent: service, category, edition or publishing page. */
  parentFilter: 'service' | 'category' | 'edition' | 'publishingPage';
  parent: ParentLink;
  order: SQL[];
  /** The list orders a `sort=` asks for (issue 14); each has a `where is_public` index (schema.ts). */
  sorts: Record<TListSort, SQL[]>;
  cacheTag: 'experts' | 'outlets' | 'news' | 'features';
}

export const EXPERT: ContentKind = {
  kind: 'expert',
  table: experts,
  circles: expertCircles,
  blocks: expertBlocks,
  parentKind: 'services',
  parentFilter: 'service',
  parent: { many: true, join: expertServices, table: services },
  order: [asc(experts.title), asc(experts.id)],
  sorts: {
    newest: [desc(experts.createdAt), desc(experts.id)],
    az: [asc(experts.title), asc(experts.id)],
    updated: [desc(experts.updatedAt), desc(experts.id)],
  },
  cacheTag: 'experts',
};

export const OUTLET: ContentKind = {
  kind: 'outlet',
  table: outlets,
  circles: outletCircles,
  blocks: outletBlocks,
  parentKind: 'categories',
  parentFilter: 'category',
  parent: { many: true, join: outletCategories, table: categories },
  order: [asc(outlets.title), asc(outlets.id)],
  sorts: {
    newest: [desc(outlets.publishingTime), desc(outlets.id)],
    az: [asc(outlets.title), asc(outlets.id)],
    updated: [desc(outlets.updatedAt), desc(outlets.id)],
  },
  cacheTag: 'outlets',
};

export const NEWS: ContentKind = {
  kind: 'news',
  table: news,
  circles: newsCircles,
  blocks: newsBlocks,
  listing: newsCircles,
  parentKind: 'editions',
  parentFilter: 'edition',
  parent: { many: false, column: news.editionId, table: editions },
  order: [desc(news.publishingTime), desc(news.id)],
  sorts: {
    newest: [desc(news.publishingTime), desc(news.id)],
    az: [asc(news.title), asc(news.id)],
    updated: [desc(news.updatedAt), desc(news.id)],
  },
  cacheTag: 'news',
};

export const FEATURE: ContentKind = {
  kind: 'feature',
  table: features,
  circles: featureCircles,
  blocks: featureBlocks,
  listing: featureCircles,
  parentKind: 'pages',
  parentFilter: 'publishingPage',
  parent: { many: false, column: features.pageId, table: pages },
  order: [desc(features.publishedDate), desc(features.id)],
  sorts: {
    newest: [desc(features.publishedDate), desc(features.id)],
    az: [asc(features.title), asc(features.id)],
    updated: [desc(features.updatedAt), desc(features.id)],
  },
  cacheTag: 'features',
};

export const CONTENT_KIND_DEFS = [EXPERT, OUTLET, NEWS, FEATURE] as const;

export const asTable = (t: ContentTable) => t as unknown as PgTable;
