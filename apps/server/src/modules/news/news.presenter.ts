import type { TNews } from '@chaupal/contract';
import type { news } from '../../db/schema';
import type { LoadedRow, RowOf } from '../content';
import { iso, isoOrNull, presentCommon, viewType } from '../content';

export function presentNews(l: LoadedRow<RowOf<typeof news>>): TNews {
  const r = l.row;
  const edition = l.parents[0];
  // The shared fields last: see presentCommon.
  return {
    content: r.content,
    image: r.image,
    reporter: r.reporter,
    publishing_time: iso(r.publishingTime),
    location: r.location,
    language: r.language,
    youtube_url: r.youtubeUrl,
    view_type: viewType(r.youtubeUrl),
    edition: edition ? { id: edition.id, title: edition.title, slug: edition.slug } : null,
    editionId: r.editionId,
    publish_at: isoOrNull(r.publishAt),
    unpublish_at: isoOrNull(r.unpublishAt),
    ...presentCommon(l),
  };
}
