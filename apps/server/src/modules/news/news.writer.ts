import { type TNewsForm, ZNewsForm } from '@chaupal/contract';
import type { news } from '../../db/schema';
import { plainText, type RichText } from '../../platform/sanitize';
import type { ContentWriter, LoadedRow, ResolvedLinks } from '../content';
import { commonFormOf, metaValues, NEWS } from '../content';

export const newsWriter: ContentWriter<typeof ZNewsForm> = {
  def: NEWS,
  form: ZNewsForm,
  parentRefs: (f: TNewsForm) => [f.editionId],
  values: (f: TNewsForm, links: ResolvedLinks, richText: RichText) => {
    const content = richText(f.content);
    return {
      title: f.title,
      content,
      // A news item without a description gets one from its text (issue 3).
      description: f.description ? plainText(f.description) : plainText(content),
      editionId: links.parentIds[0],
      location: f.location,
      language: f.language,
      reporter: f.reporter,
      publishingTime: f.publishing_time ?? new Date(),
      youtubeUrl: f.youtube_url ?? null,
      ...metaValues(f),
    };
  },
  formOf: (l: LoadedRow) => {
    const r = l.row as unknown as typeof news.$inferSelect;
    return {
      ...commonFormOf(l),
      editionId: r.editionId,
      location: r.location,
      language: r.language,
      reporter: r.reporter,
      content: r.content,
      description: r.description,
      publishing_time: r.publishingTime.toISOString(),
      youtube_url: r.youtubeUrl ?? '',
      image: r.image ?? '',
    };
  },
};
