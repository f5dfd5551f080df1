import { CONTENT_PLURALS } from '@chaupal/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TCacheTag } from '../../platform/response-cache';
import { openSearchDescription, rssFeed, sitemapIndex, urlset, XML_DECLARATION, xmlEscape } from '../../platform/xml';
import {
  countPublic,
  findActiveEdition,
  kindUrls,
  latestNews,
  pageUrls,
  robotsTxt,
  SITEMAP_KIND_NAMES,
  sitemapFiles,
  siteName,
} from './seo.service';

const XML = 'application/xml; charset=utf-8';
const RSS = 'application/rss+xml; charset=utf-8';
const OPENSEARCH = 'application/opensearchdescription+xml; charset=utf-8';
/** Who can change a content record's public flag (DESIGN §5): the record, its taxonomy and its owner. */
const contentTags = (kind: TCacheTag) => [kind, 'taxonomy', 'users'] as const;
const hidden = { hide: true };

const notFoundXml = (reply: FastifyReply, message: string) =>
  reply
    .code(404)
    .type(XML)
    .send(`${XML_DECLARATION}\n<error>${xmlEscape(message)}</error>\n`);

/**
 * Search engines, browsers and feed readers (DESIGN §8): robots.txt, the sitemap index and its files, the OpenSearch
 * description of the site search, RSS for all news and per edition. Registered at the root, before the web app's
 * catch-all; hidden from OpenAPI; cached by tag (§8a).
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const base = app.config.publicUrl;

  app.get('/robots.txt', { schema: hidden }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(robotsTxt(base)),
  );

  // Pages name it in a <link rel="search">; browsers read it to search the site from their address bar.
  app.get('/opensearch.xml', { schema: hidden, config: { cacheTags: ['home'] } }, async (_req, reply) =>
    reply.type(OPENSEARCH).send(openSearchDescription(await siteName(app.db), base)),
  );

  app.get(
    '/sitemap.xml',
    { schema: hidden, config: { cacheTags: [...CONTENT_PLURALS, 'taxonomy', 'users'] } },
    async (_req, reply) => {
      const files = sitemapFiles(await countPublic(app.db));
      return reply.type(XML).send(sitemapIndex(files.map((f) => `${base}${f}`)));
    },
  );

  app.get(
    '/sitemaps/pages.xml',
    { schema: hidden, config: { cacheTags: ['taxonomy', 'policies'] } },
    async (_req, reply) => reply.type(XML).send(urlset(await pageUrls(app.db, base))),
  );

  for (const kind of SITEMAP_KIND_NAMES) {
    app.get<{ Params: { page: string } }>(
      `/sitemaps/${kind}-:page.xml`,
      { schema: hidden, config: { cacheTags: contentTags(kind) } },
      async (req, reply) => {
        const page = /^[1-9]\d{0,5}$/.test(req.params.page) ? Number(req.params.page) : 0;
        if (!page) return notFoundXml(reply, 'No such sitemap');
        const urls = await kindUrls(app.db, base, kind, page);
        if (!urls.length && page > 1) return notFoundXml(reply, 'No such sitemap');
        return reply.type(XML).send(urlset(urls));
      },
    );
  }

  app.get(
    '/rss/news.xml',
    { schema: hidden, config: { cacheTags: [...contentTags('news'), 'home'] } },
    async (_req, reply) => {
      const [name, items] = await Promise.all([siteName(app.db), latestNews(app.db, base)]);
      const channel = {
        title: name,
        link: `${base}/`,
        description: `The latest news from ${name}`,
        self: `${base}/rss/news.xml`,
      };
      return reply.type(RSS).send(rssFeed(channel, items));
    },
  );

  app.get<{ Params: { slug: string } }>(
    '/rss/edition/:slug.xml',
    { schema: hidden, config: { cacheTags: [...contentTags('news'), 'home'] } },
    async (req, reply) => {
      const edition = await findActiveEdition(app.db, req.params.slug);
      if (!edition) return notFoundXml(reply, 'No such edition');
      const [name, items] = await Promise.all([siteName(app.db), latestNews(app.db, base, edition.id)]);
      const slug = encodeURIComponent(edition.slug);
      const channel = {
        title: `${name} — ${edition.title}`,
        link: `${base}/edition/${slug}`,
        description: edition.description || `The latest news from ${edition.title}`,
        self: `${base}/rss/edition/${slug}.xml`,
      };
      return reply.type(RSS).send(rssFeed(channel, items));
    },
  );
};
