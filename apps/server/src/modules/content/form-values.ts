import type { TOutletForm } from '@chaupal/contract';
import type { experts, outlets } from '../../db/schema';
import type { RichText } from '../../platform/sanitize';
import type { ContentRow, LoadedRow } from './content-kind';

/** Meta fields as columns: empty when not given. */
export const metaValues = (f: { metaTitle?: string; metaDescription?: string; metaKeywords?: string }) => ({
  metaTitle: f.metaTitle ?? '',
  metaDescription: f.metaDescription ?? '',
  metaKeywords: f.metaKeywords ?? '',
});

/** The form fields every kind shares, from a stored record (for edits that leave fields out). */
export function commonFormOf(l: LoadedRow<ContentRow>) {
  const r = l.row;
  return {
    title: r.title,
    metaTitle: r.metaTitle,
    metaDescription: r.metaDescription,
    metaKeywords: r.metaKeywords,
    circles: l.circles.map((c) => c.id),
    blocks: l.blocks.map((b) => b.id),
    documents: [],
    deleteDocuments: [],
    // Empty when not set, so values approved before the fields existed compare equal to a record without them.
    publish_at: r.publishAt ? new Date(r.publishAt).toISOString() : '',
    unpublish_at: r.unpublishAt ? new Date(r.unpublishAt).toISOString() : '',
  };
}

/** Columns experts and outlets share: the directory entry with its contact links. */
export function directoryValues(f: TOutletForm | Omit<TOutletForm, 'categories'>, richText: RichText) {
  return {
    title: f.title,
    description: richText(f.description),
    content: richText(f.content ?? ''),
    callNow: f.call_now,
    whatsappNo: f.whatsapp_no ?? null,
    mapUrl: f.map_url ?? null,
    websiteUrl: f.website_url ?? null,
    ...metaValues(f),
    ...placeValues(f),
  };
}

/** The place columns of a validated form (null where not given). */
const placeValues = (f: TOutletForm | Omit<TOutletForm, 'categories'>) => ({
  streetAddress: f.street_address ?? null,
  pinCode: f.pin_code ?? null,
  latitude: f.latitude ?? null,
  longitude: f.longitude ?? null,
  openingHours: f.opening_hours ?? null,
  closedAt: f.closed ?? null,
});

export function directoryFormOf(
  l: LoadedRow<ContentRow>,
  r: Omit<typeof experts.$inferSelect | typeof outlets.$inferSelect, 'searchVector' | 'titleVector'>,
) {
  return {
    ...commonFormOf(l),
    description: r.description,
    content: r.content,
    call_now: r.callNow,
    whatsapp_no: r.whatsappNo ?? '',
    map_url: r.mapUrl ?? '',
    website_url: r.websiteUrl ?? '',
    image: r.image ?? '',
    street_address: r.streetAddress ?? '',
    pin_code: r.pinCode ?? '',
    latitude: r.latitude ?? '',
    longitude: r.longitude ?? '',
    opening_hours: r.openingHours ? JSON.stringify(r.openingHours) : '',
    // Empty while open, so values approved before the field existed compare equal to a record still open.
    closed: r.closedAt ? new Date(r.closedAt).toISOString() : '',
  };
}
