import {
  CONTENT_KINDS,
  type TFeatureForm,
  ZFeature,
  ZFeatureCard,
  ZFeatureForm,
  ZFeatureListQuery,
} from '@chaupal/contract';
import { asc, desc } from 'drizzle-orm';
import { featureBlocks, featureCircles, features, pages } from '../../db/schema';
import { plainText } from '../../platform/sanitize';
import { commonFormOf, defineContentKind, metaValues } from '../content';
import { presentFeature } from './features.presenter';

/** Features: dated articles under one publishing page, listed newest first; a circle's are read from its listing. */
export const featureKind = defineContentKind({
  spec: CONTENT_KINDS.feature,
  table: features,
  circles: featureCircles,
  blocks: featureBlocks,
  listing: featureCircles,
  parent: { many: false, column: features.pageId, table: pages },
  sortAt: features.publishedDate,
  order: [desc(features.publishedDate), desc(features.id)],
  sorts: {
    newest: [desc(features.publishedDate), desc(features.id)],
    az: [asc(features.title), asc(features.id)],
    updated: [desc(features.updatedAt), desc(features.id)],
  },
  image: features.photo,
  byline: features.author,
  searchDate: features.publishedDate,
  query: ZFeatureListQuery,
  item: ZFeature,
  card: ZFeatureCard,
  form: ZFeatureForm,
  present: presentFeature,
  // /blog names the publishing page by `page` (when not a page number) or `publishing_Page` (DESIGN §4).
  parentOf: (q) => ({
    parent: typeof q.publishingPage === 'string' ? q.publishingPage : undefined,
    parentParameter: q.publishing_Page ? 'publishing_Page' : 'page',
  }),
  parentRefs: (f: TFeatureForm) => [f.publishing_Page],
  values: (f: TFeatureForm, links, richText) => {
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
  formOf: (l) => {
    const r = l.row;
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
});
