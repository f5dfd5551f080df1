import { type TFeatureForm, ZFeatureForm } from '@chaupal/contract';
import type { features } from '../../db/schema';
import { plainText, type RichText } from '../../platform/sanitize';
import type { ContentWriter, LoadedRow, ResolvedLinks } from '../content';
import { commonFormOf, FEATURE, metaValues } from '../content';

export const featureWriter: ContentWriter<typeof ZFeatureForm> = {
  def: FEATURE,
  form: ZFeatureForm,
  parentRefs: (f: TFeatureForm) => [f.publishing_Page],
  values: (f: TFeatureForm, links: ResolvedLinks, richText: RichText) => {
    const content = richText(f.content);
    return {
      title: f.title,
      content,
      description: f.description ? plainText(f.description) : plainText(content),
      pageId: links.parentIds[0],
      language: f.language,
      author: f.author,
      location: f.location,
      publishedDate: f.publishedDate ?? new Date(),
      youtubeurl: f.youtubeurl ?? null,
      ...metaValues(f),
    };
  },
  formOf: (l: LoadedRow) => {
    const r = l.row as unknown as typeof features.$inferSelect;
    return {
      ...commonFormOf(l),
      content: r.content,
      description: r.description,
      publishing_Page: r.pageId,
      language: r.language,
      author: r.author,
      location: r.location,
      publishedDate: r.publishedDate.toISOString(),
      youtubeurl: r.youtubeurl ?? '',
      photo: r.photo ?? '',
    };
  },
};
