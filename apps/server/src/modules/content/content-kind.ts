import type { TContentKindSpec, TContentStatus, TFormValues, TListSort } from '@chaupal/contract';
import type { ColumnBaseConfig, ColumnDataType, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import type { RichText } from '../../platform/sanitize';

/** A column whose values are `T` (`Nullable`: or null), whatever its table: rows read through it are typed. */
export type Col<T, Nullable extends boolean = false> = PgColumn<
  ColumnBaseConfig<ColumnDataType, string> & { data: T; notNull: Nullable extends true ? false : true }
>;

/**
 * The columns every content table has (schema.ts `contentColumns`): all that the shared machinery reads or writes.
 * A kind's own table has more; its descriptor's functions see them through its row type.
 */
export type ContentTable = PgTable & {
  id: Col<string>;
  slug: Col<string>;
  title: Col<string>;
  description: Col<string>;
  content: Col<string>;
  status: Col<TContentStatus>;
  userId: Col<string>;
  isPublic: Col<boolean>;
  holdReason: Col<string, true>;
  approvedValues: Col<TFormValues, true>;
  editedAt: Col<Date, true>;
  publishAt: Col<Date, true>;
  unpublishAt: Col<Date, true>;
  createdAt: Col<Date>;
  updatedAt: Col<Date>;
  searchVector: PgColumn;
  titleVector: PgColumn;
};

/** A record ↔ taxon join (schema.ts `joinTable`): its circles, its localities, or its parents. */
export type LinkTable = PgTable & { recordId: Col<string>; taxonId: Col<string> };

/** A circle join that also carries the record's parent, list order and visibility (schema.ts `circleListing`). */
export type ListingTable = LinkTable & { parentId: Col<string, true>; sortAt: Col<Date, true>; isPublic: Col<boolean> };

/** A taxonomy table a kind is filed under (services, categories, editions, pages). */
export type TaxonTable = PgTable & {
  id: Col<string>;
  title: Col<string>;
  slug: Col<string>;
  status: Col<string>;
  position: Col<number>;
  updatedAt: Col<Date>;
  description: Col<string>;
  image: Col<string, true>;
  searchVector: PgColumn;
  titleVector: PgColumn;
};

/** How a kind hangs off its taxonomy parent: many through a join table, or one by a column of its own. */
export type ParentLink =
  | { many: true; join: LinkTable; table: TaxonTable }
  | { many: false; column: Col<string>; table: TaxonTable };

/** What every content row holds, as the driver returns it. */
export interface ContentRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  content: string;
  status: TContentStatus;
  userId: string;
  isPublic: boolean;
  holdReason: string | null;
  approvedValues: TFormValues | null;
  editedAt: Date | null;
  publishAt: Date | null;
  unpublishAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
}

/** A content table's row as presenters read it: every column but the search vectors, which only the database reads. */
export type RowOf<T extends { $inferSelect: object }> = ContentRow &
  Omit<T['$inferSelect'], 'searchVector' | 'titleVector'>;

/** A taxonomy row named on a record (a circle or locality). */
export interface NamedTaxon {
  id: string;
  name: string;
  slug: string;
}

/** A record's parent (service, category, edition or page) with what its pages show. */
export interface ParentTaxon {
  id: string;
  title: string;
  slug: string;
  status: string;
  content?: string;
  metaTitle?: string;
  metaDescription?: string;
  metaKeywords?: string;
}

/** A content row with the relations every presenter needs. */
export interface LoadedRow<Row extends ContentRow = ContentRow> {
  row: Row;
  /** The picture's URL (the kind's image column). */
  image: string | null;
  ownerStatus: string;
  /** The owner's phone when they verified it, else null (the "Verified phone" mark). */
  ownerPhone: string | null;
  circles: NamedTaxon[];
  blocks: NamedTaxon[];
  documents: string[];
  parents: ParentTaxon[];
  /** Kilometres from the point of a `sort=near` list. */
  distanceKm?: number;
}

/** What a validated form resolved to: taxonomy ids checked against the database. */
export interface ResolvedLinks {
  parentIds: string[];
  circleIds: string[];
  blockIds: string[];
}

/** The fields every kind's form has, as the write pipeline reads them after validation. */
export interface CommonForm {
  title: string;
  /** Save as a draft (true), submit a draft (false), or leave the status to the usual rules (absent). */
  draft?: boolean;
  slug?: string;
  circles: string[];
  blocks: string[];
  documents: string[];
  deleteDocuments: string[];
}

/** The list query's parent filter value and the parameter's name (error details name it). */
export type ParentFilter = { parent?: string; parentParameter: string };

/**
 * One content kind, everything the server needs of it in one place: the contract's registry entry (`spec`: names,
 * paths, parent, image field, labels), its tables and orders, its public shapes and presenter, and how its form maps
 * onto its columns. The shared machinery (lists, details, the write pipeline, moderation, sitemaps, search, personal
 * data) reads only this; the kind's own row type reaches its presenter and writer functions unerased.
 */
export interface ContentKind<Row extends ContentRow = ContentRow, Form extends CommonForm = CommonForm> {
  spec: TContentKindSpec;
  table: ContentTable;
  circles: LinkTable;
  blocks: LinkTable;
  /** Set where the circles table is a listing: a circle-filtered list in the kind's own order is read from it. */
  listing?: ListingTable;
  parent: ParentLink;
  /** The kind's list order, and the orders a `sort=` asks for; each has a `where is_public` index (schema.ts). */
  order: SQL[];
  sorts: Record<TListSort, SQL[]>;
  /** The list's time column when it is one (news: publishing time): a circle listing copies it. */
  sortAt?: Col<Date>;
  /** The pin of a kind that has a place on the map: "near me" lists it by distance. */
  pin?: { latitude: Col<number, true>; longitude: Col<number, true> };
  /**
   * The rating columns of a kind people review (experts, outlets: its published reviews' count and sum of stars):
   * `sort=rating` and `minRating` read them.
   */
  rating?: { count: Col<number>; sum: Col<number> };
  /** The byline column of a kind that names its writer (a reporter, an author): anonymised with its account. */
  byline?: Col<string>;
  /** The picture's column (the registry's `image.field`). */
  image: Col<string, true>;
  /** The date a search hit shows, for dated kinds. */
  searchDate: Col<Date> | null;
  /** The public list query, the record's response shape and a related record's card (contract `Z…`). */
  query: z.ZodType;
  item: z.ZodObject;
  card: z.ZodObject;
  form: z.ZodType<Form>;
  /** The record's SPEC §3 shape. */
  present(l: LoadedRow<Row>): z.output<z.ZodObject>;
  /** The parent ids (or slugs) a validated form names, before they are resolved. */
  parentRefs(form: Form): string[];
  /** Column values of the content table for a validated form (not image, slug, status or owner). */
  values(form: Form, links: ResolvedLinks, richText: RichText): Partial<Row>;
  /**
   * Column values that need the database or the site's zone (an event's venue outlet, its instants), worked out
   * before the write; an unknown
   * reference is the kind's 400. Written over `values`.
   */
  resolveValues?(db: DbOrTx, form: Form, site: { siteTz: string }): Promise<Partial<Row>>;
  /** A stored record as form fields. */
  formOf(l: LoadedRow<Row>): TFormValues;
  /** The list query's parent filter; by default the registry's `parent.parameter`. */
  parentOf?(query: { [parameter: string]: unknown }): ParentFilter;
  /**
   * A public list in an order of the kind's own that a column cannot hold (events: by the occurrence on now or next):
   * one page of ids among the public records the shared filters (`where`) allow, given the whole list query.
   */
  publicPage?(
    db: DbOrTx,
    where: SQL[],
    query: { [parameter: string]: unknown },
    page: PageRequest,
    site: { siteTz: string },
  ): Promise<PageOfIds>;
  /**
   * Public routes of the kind's own besides its list, detail and contributor routes (a calendar file, a feed),
   * registered under the API prefix beside them.
   */
  routes?(app: FastifyInstance, kind: ContentKind): void;
  /** Feeds of the kind's own at the site's root, beside the sitemaps and the news feeds (`/rss/events.xml`). */
  feeds?(app: FastifyInstance): void;
}

/** One page of record ids in list order, and how many there are in all. */
export interface PageOfIds {
  ids: string[];
  total: number;
}

/**
 * A kind's descriptor, its row type taken from its table: `defineContentKind({ table: news, … })` gives
 * `present` and `formOf` the news row with every column typed.
 */
export const defineContentKind = <T extends ContentTable & { $inferSelect: ContentRow }, Form extends CommonForm>(
  kind: ContentKind<RowOf<T>, Form> & { table: T },
): ContentKind<RowOf<T>, Form> => kind;
