import { CONTENT_KINDS, type TNewsForm, ZNews, ZNewsCard, ZNewsForm, ZNewsListQuery } from '@chaupal/contract';
import { asc, desc } from 'drizzle-orm';
import { editions, news, newsBlocks, newsCircles } from '../../db/schema';
import { plainText } from '../../platform/sanitize';
import { commonFormOf, defineContentKind, metaValues } from '../content';
import { presentNews } from './news.presenter';

/** News: dated articles under one edition, listed newest first; a circle's news is read from its listing. */
export const newsKind = defineContentKind({
  spec: CONTENT_KINDS.news,
  table: news,
  circles: newsCircles,
  blocks: newsBlocks,
  listing: newsCircles,
  parent: { many: false, column: news.editionId, table: editions },
  sortAt: news.publishingTime,
  order: [desc(news.publishingTime), desc(news.id)],
  sorts: {
    newest: [desc(news.publishingTime), desc(news.id)],
    az: [asc(news.title), asc(news.id)],
    updated: [desc(news.updatedAt), desc(news.id)],
  },
  image: news.image,
  byline: news.reporter,
  searchDate: news.publishingTime,
  query: ZNewsListQuery,
  item: ZNews,
  card: ZNewsCard,
  form: ZNewsForm,
  present: presentNews,
  parentRefs: (f: TNewsForm) => [f.editionId],
  values: (f: TNewsForm, links, richText) => {
    const content = richText(f.content);
    return {
      title: f.title,
      content,
      // A news item without a description gets one from its text.
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
  formOf: (l) => {
    const r = l.row;
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
});
