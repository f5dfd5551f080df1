import { z } from 'zod';
import { placeRecordFields } from './place';
import { ZRatingBrief } from './reviews';
import { ZTrust } from './trust';

export const ZNamedRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export const ZTitledRef = z.object({ id: z.string(), title: z.string(), slug: z.string() });
export const ZCreatedBy = z.object({ status: z.string() });

const meta = {
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
};

export const ZPublishedData = z.object({
  title: z.string(),
  description: z.string(),
  ...meta,
});

export const ZCircle = z.object({ id: z.string(), slug: z.string(), name: z.string(), status: z.string() });
export const ZBlock = ZCircle.extend({ circles: z.array(ZNamedRef) });

/** Services, categories, editions: SPEC §3. */
export const ZTaxon = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  status: z.string(),
  published_data: ZPublishedData,
});
/** A publishing page: SPEC §3 ("Page"). */
export const ZPublishingPage = ZTaxon.extend({ content: z.string() });

const contentCommon = {
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.string(),
  userId: z.string(),
  createdBy: ZCreatedBy,
  circles: z.array(ZNamedRef),
  blocks: z.array(ZNamedRef),
  documents: z.array(z.string()),
  ...meta,
  /** When an approved record becomes public, and stops being public (decision 032); null: no such time. */
  publish_at: z.string().nullable().optional(),
  unpublish_at: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const contact = {
  call_now: z.string(),
  whatsapp_no: z.string().nullable(),
  map_url: z.string().nullable(),
  website_url: z.string().nullable(),
  trust: ZTrust,
  ...placeRecordFields,
  /** When the place closed for good (an accepted "permanently closed" correction, or the owner's form); null while open. */
  closed_at: z.string().nullable(),
  /** Its published reviews: how many, and their mean once there are RATING_AVERAGE_MIN of them. */
  rating: ZRatingBrief,
};

export const ZExpert = z.object({
  ...contentCommon,
  ...contact,
  content: z.string(),
  image: z.string().nullable(),
  services: z.array(ZTitledRef.extend({ status: z.string() })),
});

export const ZOutlet = z.object({
  ...contentCommon,
  ...contact,
  content: z.string(),
  image: z.string().nullable(),
  publishing_time: z.string(),
  categories: z.array(ZTitledRef),
});

export const ZNews = z.object({
  ...contentCommon,
  content: z.string(),
  image: z.string().nullable(),
  reporter: z.string(),
  publishing_time: z.string(),
  location: z.string(),
  language: z.string(),
  youtube_url: z.string().nullable(),
  view_type: z.enum(['image', 'video']),
  edition: ZTitledRef.nullable(),
  editionId: z.string().nullable(),
});

export const ZFeature = z.object({
  ...contentCommon,
  content: z.string(),
  photo: z.string().nullable(),
  youtubeurl: z.string().nullable(),
  publishedDate: z.string(),
  location: z.string(),
  author: z.string(),
  language: z.string(),
  view_type: z.enum(['image', 'video']),
  publishing_Page: z
    .object({ id: z.string(), slug: z.string(), title: z.string(), content: z.string(), ...meta })
    .nullable(),
});

/**
 * A record as a card (a detail page's related records): what a card shows, without the body, the documents, the
 * circles and localities and the meta fields it never reads. Lists keep whole records (SPEC §7).
 */
const cardFields = { id: true, slug: true, title: true, description: true } as const;
const contactCardFields = {
  call_now: true,
  whatsapp_no: true,
  street_address: true,
  pin_code: true,
  latitude: true,
  longitude: true,
  opening_hours: true,
  distance_km: true,
  rating: true,
} as const;
export const ZExpertCard = ZExpert.pick({ ...cardFields, image: true, ...contactCardFields });
export const ZOutletCard = ZOutlet.pick({ ...cardFields, image: true, ...contactCardFields });
export const ZNewsCard = ZNews.pick({
  ...cardFields,
  image: true,
  publishing_time: true,
  location: true,
  language: true,
});
export const ZFeatureCard = ZFeature.pick({
  ...cardFields,
  photo: true,
  publishedDate: true,
  location: true,
  language: true,
});

export const ZPolicy = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  type: z.number().int(),
  status: z.string(),
});

export const ZContactUs = z.object({
  message: z.string(),
  address: z.string(),
  help_Num: z.string(),
  email: z.string(),
  fblink: z.string(),
  instagram: z.string(),
  twitter: z.string(),
  linkedin: z.string(),
  youtube: z.string(),
  whatsapp_link: z.string(),
  whatsappMessage: z.string(),
  since: z.string(),
  developedby: z.string(),
  developedby_url: z.string(),
  managedby: z.string(),
  managedby_url: z.string(),
});
export const ZKeywords = z.object({ page_title: z.string(), page_Description: z.string(), page_keywords: z.string() });
export const ZAlert = z.object({
  title: z.string(),
  view_type: z.enum(['image', 'video', 'text']),
  image: z.string().nullable(),
  videolink: z.string().nullable(),
  content: z.string(),
  enabled: z.boolean(),
});
export const ZBanner = z.object({
  id: z.string(),
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  link: z.string().nullable(),
});
export const ZAbout = z.object({ title: z.string(), content: z.string(), image: z.string().nullable() });

export const ZHome = z.object({
  siteName: z.string(),
  contactUs: ZContactUs,
  logo: z.object({ Logo: z.string().nullable() }),
  keywords: ZKeywords,
  alert: ZAlert.nullable(),
  banner: z.array(ZBanner),
  about: ZAbout,
  copyright: z.string(),
  pages: z.array(ZPublishingPage),
  categories: z.array(ZTaxon),
  editions: z.array(ZTaxon),
  services: z.array(ZTaxon),
});

/**
 * GET /site: what every page's header, footer and share tags show: the settings part of GET /home without
 * its sections, so a page that is not the home page reads neither the sections nor ships them in its state.
 */
export const ZSite = ZHome.pick({
  siteName: true,
  contactUs: true,
  logo: true,
  keywords: true,
  copyright: true,
}).extend({
  /** The footer's links to the public policies (GET /policy/viewall/public without their texts). */
  policies: z.array(ZPolicy.pick({ id: true, title: true, type: true })),
});

export type TNamedRef = z.infer<typeof ZNamedRef>;
export type TCircle = z.infer<typeof ZCircle>;
export type TBlock = z.infer<typeof ZBlock>;
export type TTaxon = z.infer<typeof ZTaxon>;
export type TPublishingPage = z.infer<typeof ZPublishingPage>;
export type TExpert = z.infer<typeof ZExpert>;
export type TOutlet = z.infer<typeof ZOutlet>;
export type TNews = z.infer<typeof ZNews>;
export type TFeature = z.infer<typeof ZFeature>;
export type TExpertCard = z.infer<typeof ZExpertCard>;
export type TOutletCard = z.infer<typeof ZOutletCard>;
export type TNewsCard = z.infer<typeof ZNewsCard>;
export type TFeatureCard = z.infer<typeof ZFeatureCard>;
export type TPolicy = z.infer<typeof ZPolicy>;
export type THome = z.infer<typeof ZHome>;
export type TSite = z.infer<typeof ZSite>;
export type TContactUs = z.infer<typeof ZContactUs>;
export type TKeywords = z.infer<typeof ZKeywords>;
export type TAlert = z.infer<typeof ZAlert>;
export type TAbout = z.infer<typeof ZAbout>;
export type TBanner = z.infer<typeof ZBanner>;
