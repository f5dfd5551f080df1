import type { TFeature } from '@chaupal/contract';
import type { features } from '../../db/schema';
import type { LoadedRow, RowOf } from '../content';
import { iso, isoOrNull, presentCommon, viewType } from '../content';

export function presentFeature(l: LoadedRow<RowOf<typeof features>>): TFeature {
  const r = l.row;
  const page = l.parents[0];
  // The shared fields last: see presentCommon.
  return {
    content: r.content,
    photo: r.photo,
    youtubeurl: r.youtubeurl,
    publishedDate: iso(r.publishedDate),
    location: r.location,
    author: r.author,
    language: r.language,
    view_type: viewType(r.youtubeurl),
    publishing_Page: page
      ? {
          id: page.id,
          slug: page.slug,
          title: page.title,
          content: page.content ?? '',
          metaTitle: page.metaTitle ?? '',
          metaDescription: page.metaDescription ?? '',
          metaKeywords: page.metaKeywords ?? '',
        }
      : null,
    publish_at: isoOrNull(r.publishAt),
    unpublish_at: isoOrNull(r.unpublishAt),
    ...presentCommon(l),
  };
}
