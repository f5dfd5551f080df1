import { CONTENT_KIND_NAMES, type TFormValues } from '@chaupal/contract/content-kinds';
import type { TEventSchedule } from '@chaupal/contract/event-times';
import type { TEventStatus } from '@chaupal/contract/events';
import type { TOpeningHours } from '@chaupal/contract/open-now';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `draft`: saved by its owner, not yet submitted for moderation, never public (decision 033). */
export const contentStatus = pgEnum('content_status', ['active', 'pending', 'hold', 'draft']);
export const taxonomyStatus = pgEnum('taxonomy_status', ['active', 'hold']);
export const accountStatus = pgEnum('account_status', ['active', 'hold']);
/** `editor`: moderates, schedules and edits news and features, nothing else of the console (decision 033). */
export const userRole = pgEnum('user_role', ['customer', 'admin', 'editor']);

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const metaColumns = () => ({
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  metaKeywords: text('meta_keywords').notNull().default(''),
});

/** PostgreSQL's full-text document type (Drizzle has none built in). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Rich text without its tags and entities, for the search vector (the stored HTML is sanitized on write). */
const plain = (column: string) => `regexp_replace(${column}, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')`;

/**
 * Site search (docs/decisions/011-site-search.md): the record's words in the `simple` configuration
 * (lower-cased, no stemming, no stop words: romanised Hindi and English alike), weighted title A, meta keywords B,
 * description and meta description C, content D. A generated column, so every write keeps it in step.
 */
const searchVector = (withContent: boolean) =>
  tsvector('search_vector')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(
        [
          `setweight(to_tsvector('simple'::regconfig, title), 'A')`,
          `setweight(to_tsvector('simple'::regconfig, meta_keywords), 'B')`,
          `setweight(to_tsvector('simple'::regconfig, ${plain('description')} || ' ' || meta_description), 'C')`,
          ...(withContent ? [`setweight(to_tsvector('simple'::regconfig, ${plain('content')}), 'D')`] : []),
        ].join(' || '),
      ),
    );

/**
 * The title's words alone, for "the title has every word" (a stored column rather than an expression index, so ANALYZE
 * gathers its word statistics and the planner knows a word found in every title from a rare one).
 */
const titleVector = () =>
  tsvector('title_vector').notNull().generatedAlwaysAs(sql.raw(`to_tsvector('simple'::regconfig, title)`));

/**
 * The search indexes of a table: its vector, its title's words, and its title's trigrams (typos, partial words, and
 * the lists' case-insensitive `title ILIKE '%q%'`). Content tables index only public rows, which is all search reads.
 */
function searchIndexes(
  name: string,
  t: {
    searchVector: ExtraConfigColumn;
    titleVector: ExtraConfigColumn;
    title: ExtraConfigColumn;
    isPublic?: ExtraConfigColumn;
  },
) {
  const built = [
    index(`${name}_search_idx`).using('gin', t.searchVector),
    index(`${name}_title_words_idx`).using('gin', t.titleVector),
    index(`${name}_title_trgm_idx`).using('gin', t.title.op('gin_trgm_ops')),
  ];
  const isPublic = t.isPublic;
  return isPublic ? built.map((i) => i.where(sql`${isPublic}`)) : built;
}

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('customer'),
    /** An editor's editions: the news they may edit and moderate; empty, every edition. Features are all editors'. */
    editorEditions: uuid('editor_editions').array().notNull().default(sql`'{}'::uuid[]`),
    status: accountStatus('status').notNull().default('active'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Bumped when the password changes: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Failed sign-ins since `failedLoginsSince`; at LOGIN_BUDGET.failures sign-in locks until `loginLockedUntil`. */
    failedLogins: integer('failed_logins').notNull().default(0),
    failedLoginsSince: timestamp('failed_logins_since', { withTimezone: true }),
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_phone_key').on(t.phone)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 e-mail, 2 phone, 3 password reset (SPEC §9). */
    type: smallint('type').notNull(),
    /** The address the code went to. */
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('verifications_user_type_idx').on(t.userId, t.type, t.createdAt),
    index('verifications_target_idx').on(t.target, t.createdAt),
  ],
);

/**
 * What a person agreed to when registering (decision 017): the privacy policy in force then, by id and version (its
 * last change), and when. Goes with the account.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    policyId: uuid('policy_id').references(() => policies.id, { onDelete: 'set null' }),
    /** The policy's title and last change when agreed to ('none' when the site had no privacy policy). */
    policyTitle: text('policy_title').notNull(),
    policyVersion: text('policy_version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.acceptedAt)],
);

/**
 * Successful sign-ins (decision 017): the time and a coarse browser family ("Chrome on Android"), never the address;
 * the newest LOGIN_HISTORY_MAX per account are kept.
 */
export const loginEvents = pgTable(
  'login_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agent: text('agent').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.at.desc())],
);

// ── Places ──────────────────────────────────────────────────────────────────────────────────────

export const circles = pgTable(
  'circles',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    status: taxonomyStatus('status').notNull().default('active'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('circles_slug_key').on(t.slug)],
);

/** Localities ("blocks" in the API). */
export const blocks = pgTable(
  'blocks',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    status: taxonomyStatus('status').notNull().default('active'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blocks_slug_key').on(t.slug)],
);

export const blockCircles = pgTable(
  'block_circles',
  {
    blockId: uuid('block_id')
      .notNull()
      .references(() => blocks.id, { onDelete: 'cascade' }),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.blockId, t.circleId] }),
    index('block_circles_circle_idx').on(t.circleId, t.blockId),
  ],
);

// ── Taxonomy: services, categories, editions, publishing pages ──────────────────────────────────

const taxonColumns = () => ({
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  image: text('image'),
  status: taxonomyStatus('status').notNull().default('active'),
  position: integer('position').notNull().default(0),
  ...metaColumns(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  searchVector: searchVector(false),
  titleVector: titleVector(),
});

export const services = pgTable('services', taxonColumns(), (t) => [
  uniqueIndex('services_slug_key').on(t.slug),
  ...searchIndexes('services', t),
]);
export const categories = pgTable('categories', taxonColumns(), (t) => [
  uniqueIndex('categories_slug_key').on(t.slug),
  ...searchIndexes('categories', t),
]);
export const editions = pgTable('editions', taxonColumns(), (t) => [
  uniqueIndex('editions_slug_key').on(t.slug),
  ...searchIndexes('editions', t),
]);
export const pages = pgTable(
  'pages',
  { ...taxonColumns(), content: text('content').notNull().default(''), searchVector: searchVector(true) },
  (t) => [uniqueIndex('pages_slug_key').on(t.slug), ...searchIndexes('pages', t)],
);

/** The kinds of event (fairs and melas, health camps, markets…): a taxonomy like services. */
export const eventTypes = pgTable('event_types', taxonColumns(), (t) => [
  uniqueIndex('event_types_slug_key').on(t.slug),
  ...searchIndexes('event_types', t),
]);

/** The taxonomy tables by the contract's TAXONOMIES names. */
export const TAXON_TABLES = { services, categories, editions, pages, eventTypes } as const;

// ── Contributor content ─────────────────────────────────────────────────────────────────────────

const contentColumns = () => ({
  id: id(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  content: text('content').notNull().default(''),
  status: contentStatus('status').notNull().default('pending'),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  /**
   * Denormalised visibility (DESIGN §5): active, owner active, and at least one active taxonomy parent.
   * Kept up to date by the visibility service on every write that can change it.
   */
  isPublic: boolean('is_public').notNull().default(false),
  /** Why an admin held the record (shown to the owner in the moderation e-mail). */
  holdReason: text('hold_reason'),
  /** The record's form values when it was last approved: the base of "edited since approval". */
  approvedValues: jsonb('approved_values').$type<TFormValues>(),
  /** Set when the owner edits an approved record; cleared when an admin approves it again. */
  editedAt: timestamp('edited_at', { withTimezone: true }),
  /**
   * "Publish at" and "Unpublish at" (decision 032): an approved record is public only between them; a job at each
   * time brings its visibility in line (modules/content/schedule.ts).
   */
  publishAt: timestamp('publish_at', { withTimezone: true }),
  unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
  ...metaColumns(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  searchVector: searchVector(true),
  titleVector: titleVector(),
});

/**
 * Trust marks of a listing (decision 016): an admin's "Verified business" with who and when, the owner's "details are
 * current" date, and when the owner was last reminded that the listing had gone stale (decision 016).
 */
const trustColumns = () => ({
  verifiedBusinessAt: timestamp('verified_business_at', { withTimezone: true }),
  verifiedBusinessBy: uuid('verified_business_by').references(() => users.id, { onDelete: 'set null' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  staleRemindedAt: timestamp('stale_reminded_at', { withTimezone: true }),
});

/** A listing's contact channels (experts and outlets), with its trust marks. */
const contactColumns = () => ({
  ...trustColumns(),
  callNow: text('call_now').notNull().default(''),
  whatsappNo: text('whatsapp_no'),
  mapUrl: text('map_url'),
  websiteUrl: text('website_url'),
  // Where the listing is and when it is open (decision 015); null where not given.
  streetAddress: text('street_address'),
  pinCode: text('pin_code'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  openingHours: jsonb('opening_hours').$type<TOpeningHours>(),
  /**
   * The listing's published reviews: how many and the sum of their stars, kept by the review service in the same
   * transaction as each review's change, so cards, "4 ★ and up" and the sort by rating read one row.
   */
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  /** When a visitor's correction, accepted by the owner, said the place is permanently closed; null while open. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

/** "Near me" (decision 015): a latitude range of the bounding box walks this index; longitude is checked in it. */
const pinIndex = (name: string, t: { isPublic: AnyPgColumn; latitude: AnyPgColumn; longitude: AnyPgColumn }) =>
  index(`${name}_public_pin_idx`).on(t.latitude, t.longitude).where(sql`${t.isPublic} and ${t.latitude} is not null`);

export const experts = pgTable('experts', { ...contentColumns(), ...contactColumns(), image: text('image') }, (t) => [
  uniqueIndex('experts_slug_key').on(t.slug),
  index('experts_public_title_idx').on(t.title, t.id).where(sql`${t.isPublic}`),
  index('experts_public_created_idx')
    .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
    .where(sql`${t.isPublic}`),
  index('experts_user_idx').on(t.userId, t.createdAt),
  index('experts_review_idx')
    .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
    .where(sql`${t.status} = 'pending' or ${t.editedAt} is not null`),
  index('experts_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  pinIndex('experts', t),
  ...searchIndexes('experts', t),
]);

export const outlets = pgTable(
  'outlets',
  {
    ...contentColumns(),
    ...contactColumns(),
    image: text('image'),
    publishingTime: timestamp('publishing_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outlets_slug_key').on(t.slug),
    index('outlets_public_title_idx').on(t.title, t.id).where(sql`${t.isPublic}`),
    index('outlets_public_time_idx')
      .on(t.publishingTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('outlets_user_idx').on(t.userId, t.createdAt),
    index('outlets_review_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'pending' or ${t.editedAt} is not null`),
    index('outlets_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    pinIndex('outlets', t),
    ...searchIndexes('outlets', t),
  ],
);

export const news = pgTable(
  'news',
  {
    ...contentColumns(),
    image: text('image'),
    reporter: text('reporter').notNull().default(''),
    publishingTime: timestamp('publishing_time', { withTimezone: true }).notNull().defaultNow(),
    location: text('location').notNull().default(''),
    language: text('language').notNull().default('en'),
    youtubeUrl: text('youtube_url'),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('news_slug_key').on(t.slug),
    index('news_public_time_idx')
      .on(t.publishingTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('news_public_title_idx').on(t.title, t.id).where(sql`${t.isPublic}`),
    index('news_public_edition_time_idx')
      .on(t.editionId, t.publishingTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('news_user_idx').on(t.userId, t.createdAt),
    index('news_review_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'pending' or ${t.editedAt} is not null`),
    index('news_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    ...searchIndexes('news', t),
  ],
);

export const features = pgTable(
  'features',
  {
    ...contentColumns(),
    photo: text('photo'),
    youtubeurl: text('youtubeurl'),
    publishedDate: timestamp('published_date', { withTimezone: true }).notNull().defaultNow(),
    location: text('location').notNull().default(''),
    author: text('author').notNull().default(''),
    language: text('language').notNull().default('en'),
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('features_slug_key').on(t.slug),
    index('features_public_date_idx')
      .on(t.publishedDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('features_public_title_idx').on(t.title, t.id).where(sql`${t.isPublic}`),
    index('features_public_page_date_idx')
      .on(t.pageId, t.publishedDate.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('features_user_idx').on(t.userId, t.createdAt),
    index('features_review_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'pending' or ${t.editedAt} is not null`),
    index('features_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    ...searchIndexes('features', t),
  ],
);

/**
 * What is on in town. The schedule (dates and wall-clock times, a repeat) is kept as written, in the zone it was
 * written in; `startsAt` (the first start) and `endsBy` (no occurrence ends later) let a window's candidates be found by
 * index before the repeats are expanded. A venue that is an outlet is copied into the place columns when the event is
 * saved, so the event keeps its place if the outlet goes.
 */
export const events = pgTable(
  'events',
  {
    ...contentColumns(),
    image: text('image'),
    eventTypeId: uuid('event_type_id')
      .notNull()
      .references(() => eventTypes.id, { onDelete: 'restrict' }),
    schedule: jsonb('schedule').$type<TEventSchedule>().notNull(),
    timeZone: text('time_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsBy: timestamp('ends_by', { withTimezone: true }).notNull(),
    eventStatus: text('event_status').$type<TEventStatus>().notNull().default('scheduled'),
    previousStartDate: text('previous_start_date'),
    venueOutletId: uuid('venue_outlet_id').references(() => outlets.id, { onDelete: 'set null' }),
    venueSlug: text('venue_slug'),
    venueName: text('venue_name').notNull().default(''),
    streetAddress: text('street_address'),
    pinCode: text('pin_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    organiser: text('organiser').notNull().default(''),
    callNow: text('call_now'),
    whatsappNo: text('whatsapp_no'),
    websiteUrl: text('website_url'),
    entry: text('entry'),
    registrationUrl: text('registration_url'),
    language: text('language').notNull().default('en'),
  },
  (t) => [
    uniqueIndex('events_slug_key').on(t.slug),
    index('events_public_span_idx').on(t.endsBy, t.startsAt).where(sql`${t.isPublic}`),
    index('events_public_start_idx')
      .on(t.startsAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPublic}`),
    index('events_public_title_idx').on(t.title, t.id).where(sql`${t.isPublic}`),
    index('events_user_idx').on(t.userId, t.createdAt),
    index('events_review_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'pending' or ${t.editedAt} is not null`),
    index('events_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('events_venue_idx').on(t.venueOutletId),
    ...searchIndexes('events', t),
  ],
);

/**
 * A join table between a content record and a taxonomy row (a circle, locality, service or category), indexed both
 * ways: by record for presenters, by taxon for filters and for the "still in use" check before a taxon is deleted.
 */
function joinTable(
  name: string,
  recordColumn: string,
  recordId: () => AnyPgColumn,
  taxonColumn: string,
  taxonId: () => AnyPgColumn,
) {
  return pgTable(
    name,
    {
      recordId: uuid(recordColumn).notNull().references(recordId, { onDelete: 'cascade' }),
      taxonId: uuid(taxonColumn).notNull().references(taxonId, { onDelete: 'restrict' }),
    },
    (t) => [primaryKey({ columns: [t.recordId, t.taxonId] }), index(`${name}_child_idx`).on(t.taxonId, t.recordId)],
  );
}

/**
 * A kind's circles that also carry the record's parent (edition, page), list order and visibility, kept in step by the
 * public-write step (`modules/content/public-write.ts`), so a list filtered by circle is one index range: the news of
 * an edition in a circle, newest first, without joining 100,000 rows (docs/decisions/002-circle-listings.md).
 */
function circleListing(
  name: string,
  recordColumn: string,
  recordId: () => AnyPgColumn,
  parentColumn: string,
  parentId: () => AnyPgColumn,
  sortColumn: string,
) {
  return pgTable(
    name,
    {
      recordId: uuid(recordColumn).notNull().references(recordId, { onDelete: 'cascade' }),
      taxonId: uuid('circle_id')
        .notNull()
        .references(() => circles.id, { onDelete: 'restrict' }),
      parentId: uuid(parentColumn).references(parentId, { onDelete: 'restrict' }),
      sortAt: timestamp(sortColumn, { withTimezone: true }),
      isPublic: boolean('is_public').notNull().default(false),
    },
    (t) => [
      primaryKey({ columns: [t.recordId, t.taxonId] }),
      index(`${name}_child_idx`).on(t.taxonId, t.recordId),
      index(`${name}_public_idx`)
        .on(t.taxonId, t.sortAt.desc().nullsFirst(), t.recordId.desc().nullsFirst())
        .where(sql`${t.isPublic}`),
      index(`${name}_public_taxon_idx`)
        .on(t.taxonId, t.parentId, t.sortAt.desc().nullsFirst(), t.recordId.desc().nullsFirst())
        .where(sql`${t.isPublic}`),
    ],
  );
}

/**
 * The join tables of one content kind: its circles and localities (`<singular>_circles`, `<singular>_blocks`, keyed
 * `<singular>_id`) and, for a kind filed under many parents, its parents (`<singular>_<taxa>`).
 */
function kindJoins(singular: string, recordId: () => AnyPgColumn) {
  const key = `${singular}_id`;
  return {
    circles: joinTable(`${singular}_circles`, key, recordId, 'circle_id', () => circles.id),
    blocks: joinTable(`${singular}_blocks`, key, recordId, 'block_id', () => blocks.id),
    parents: (taxa: string, taxonColumn: string, taxonId: () => AnyPgColumn) =>
      joinTable(`${singular}_${taxa}`, key, recordId, taxonColumn, taxonId),
  };
}

const expertJoins = kindJoins('expert', () => experts.id);
export const expertServices = expertJoins.parents('services', 'service_id', () => services.id);
export const expertCircles = expertJoins.circles;
export const expertBlocks = expertJoins.blocks;
const outletJoins = kindJoins('outlet', () => outlets.id);
export const outletCategories = outletJoins.parents('categories', 'category_id', () => categories.id);
export const outletCircles = outletJoins.circles;
export const outletBlocks = outletJoins.blocks;
export const newsCircles = circleListing(
  'news_circles',
  'news_id',
  () => news.id,
  'edition_id',
  () => editions.id,
  'publishing_time',
);
export const newsBlocks = kindJoins('news', () => news.id).blocks;
export const featureCircles = circleListing(
  'feature_circles',
  'feature_id',
  () => features.id,
  'page_id',
  () => pages.id,
  'published_date',
);
export const featureBlocks = kindJoins('feature', () => features.id).blocks;
const eventJoins = kindJoins('event', () => events.id);
export const eventCircles = eventJoins.circles;
export const eventBlocks = eventJoins.blocks;

/** Attached documents of any content record, in the order they were added. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    ownerKind: text('owner_kind', { enum: CONTENT_KIND_NAMES }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('documents_owner_idx').on(t.ownerKind, t.ownerId, t.position), index('documents_url_idx').on(t.url)],
);

// ── Site content ────────────────────────────────────────────────────────────────────────────────

export const policies = pgTable(
  'policies',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** 1 Policies, 2 Terms & Conditions, 3 Copyright (never public). */
    type: smallint('type').notNull(),
    status: taxonomyStatus('status').notNull().default('active'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('policies_slug_key').on(t.slug), index('policies_type_idx').on(t.type, t.status)],
);

/** Home content as named JSON documents: contactUs, logo, keywords, alert, about, site. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const banners = pgTable('banners', {
  id: id(),
  image: text('image').notNull(),
  title: text('title').notNull().default(''),
  subtitle: text('subtitle').notNull().default(''),
  link: text('link'),
  status: taxonomyStatus('status').notNull().default('active'),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull().default(''),
    fileUrl: text('file_url'),
    status: text('status', { enum: ['new', 'done'] })
      .notNull()
      .default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_requests_status_idx').on(t.status, t.createdAt)],
);

/** Messages that would go out by mail or SMS; the development outbox reads them. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

/** Every stored file, by content hash. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    url: text('url').notNull(),
    storageKey: text('storage_key').notNull(),
    hash: text('hash').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_url_key').on(t.url)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_time_idx').on(t.createdAt),
  ],
);

// ── Trust and insight (decision 016) ────────────────────────────────────────────────────────────

/** A visitor's report of a listing, article or review; the console's queue works through them. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    /** A content kind, or `review` (the contract's REPORT_KINDS). */
    kind: text('kind', { enum: [...CONTENT_KIND_NAMES, 'review'] }).notNull(),
    recordId: uuid('record_id').notNull(),
    reason: text('reason', { enum: ['wrong', 'closed', 'spam', 'offensive', 'other'] }).notNull(),
    message: text('message').notNull().default(''),
    contact: text('contact'),
    status: text('status', { enum: ['new', 'acted', 'dismissed'] })
      .notNull()
      .default('new'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_record_idx').on(t.kind, t.recordId, t.createdAt),
  ],
);

/**
 * Owners' insight: how often a listing was viewed and its contact buttons used, per day in SITE_TZ. Only these
 * aggregated counts are stored: no address, no agent, no visitor hash (decision 016).
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    kind: text('kind', { enum: ['expert', 'outlet'] }).notNull(),
    listingId: uuid('listing_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    event: text('event', { enum: ['view', 'call', 'whatsapp', 'web', 'direction'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.listingId, t.day, t.event] })],
);

// ── Search: the town's own words, and what was searched for ─────────────────────────────────────

/**
 * Words residents use for what the site names otherwise, added by admins beside the contract's table
 * (SEARCH_SYNONYMS): a search for any of `words` is a search for `term`. Applied to the words of a search, never to
 * stored text.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: id(),
    /** The word the site's records use (a service's or category's title, a word of the records). */
    term: text('term').notNull(),
    /** The words and phrases that mean it, lower-cased, one space between words. */
    words: text('words').array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('search_synonyms_term_idx').on(t.term)],
);

/**
 * How often each normalised search was made a day (SITE_TZ), with the hits it had: the console's top and zero-result
 * searches. Only the words, cut and cleared of e-mail addresses and phone numbers: no address, no account, no time.
 */
export const searchCounts = pgTable(
  'search_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    /** Hits the search last had; null when only cached answers were given that day. */
    results: integer('results'),
  },
  (t) => [primaryKey({ columns: [t.day, t.query] }), index('search_counts_day_idx').on(t.day)],
);

/**
 * Every word of a public record's search vector, whether some public title holds it and how many records do: search's
 * dictionary. A
 * misspelt or partial query word is looked up here by its trigrams (a few thousand to a few hundred thousand short
 * rows) and searched as the title words it is near, rather than comparing it with every title a search walks; a word
 * found here is no misspelling (no did-you-mean). Triggers add a record's words as it is written public
 * (migration 0019); the daily `search-lexicon` job takes out words no public record holds any more.
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
    inTitle: boolean('in_title').notNull().default(false),
    /** Public records holding the word at the last refresh (a word added since counts 1): how common it is. */
    records: integer('records').notNull().default(1),
  },
  (t) => [index('search_lexicon_title_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).where(sql`${t.inTitle}`)],
);

// ── Reviews and suggested edits ─────────────────────────────────────────────────────────────────

/**
 * A person's review of an expert or an outlet: 1–5 stars and an optional plain text, one per person and listing,
 * never its owner's. Published at once or held for an admin (the `reviews` setting); an admin removes one only with a
 * reason. The owner's one public reply lives on the review.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    kind: text('kind', { enum: ['expert', 'outlet'] }).notNull(),
    listingId: uuid('listing_id').notNull(),
    /** Null once the reviewer's account is deleted and the review kept anonymised (the privacy setting). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['published', 'pending', 'removed'] })
      .notNull()
      .default('published'),
    removedReason: text('removed_reason'),
    removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    helpful: integer('helpful').notNull().default(0),
    replyText: text('reply_text'),
    replyBy: uuid('reply_by').references(() => users.id, { onDelete: 'set null' }),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    replyEditedAt: timestamp('reply_edited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the reviewer last changed stars or text. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_person_key').on(t.kind, t.listingId, t.userId),
    index('reviews_listing_idx').on(t.kind, t.listingId, t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    index('reviews_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** A signed-in person found a review helpful: once each. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user_idx').on(t.userId)],
);

/**
 * A visitor's corrections of a listing's details: each field proposed with the value it had then, and the owner's (or,
 * for a listing without an active owner, an admin's) decision on it. The suggester's name and contact are for thanks
 * only and never shown to the owner beyond the name.
 */
export const editSuggestions = pgTable(
  'edit_suggestions',
  {
    id: id(),
    kind: text('kind', { enum: ['expert', 'outlet'] }).notNull(),
    listingId: uuid('listing_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Field → { proposed, current, decision: open | accepted | rejected }. */
    changes: jsonb('changes').notNull(),
    message: text('message').notNull().default(''),
    name: text('name'),
    contact: text('contact'),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('edit_suggestions_listing_idx').on(t.kind, t.listingId, t.status, t.createdAt),
    index('edit_suggestions_user_idx').on(t.userId),
    index('edit_suggestions_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

// ── The editorial desk ──────────────────────────────────────────────────────────────────────────

/**
 * Every saved change of a content record (decision 033): the record's form values after the save, who saved it, and
 * which fields differ from the revision before. The owner, admins and the editors who may edit the record read the
 * history and restore from it; a record's revisions go with the record. A record keeps its newest 50; a daily job
 * removes those older than a year but its newest.
 */
export const revisions = pgTable(
  'revisions',
  {
    id: id(),
    kind: text('kind', { enum: CONTENT_KIND_NAMES }).notNull(),
    recordId: uuid('record_id').notNull(),
    /** Who saved it; null once their account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    values: jsonb('values').$type<TFormValues>().notNull(),
    fields: text('fields').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('revisions_record_idx').on(t.kind, t.recordId, t.createdAt), index('revisions_user_idx').on(t.userId)],
);

/**
 * A secret link to a draft or pending record's page (decision 033): only the token's SHA-256 is kept, so the table
 * cannot be read back into links. It works signed out until it expires or is revoked.
 */
export const previewLinks = pgTable(
  'preview_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: CONTENT_KIND_NAMES }).notNull(),
    recordId: uuid('record_id').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('preview_links_token_key').on(t.tokenHash),
    index('preview_links_record_idx').on(t.kind, t.recordId),
  ],
);
