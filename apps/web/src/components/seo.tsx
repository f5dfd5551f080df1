import { useLocation } from 'react-router';
import { useSite } from '../api/use-site';
import { jsonLd } from '../app/boot';
import { useLang } from '../app/i18n';
import { useServices } from '../app/services';

interface SeoProps {
  title?: string;
  description?: string;
  keywords?: string;
  image?: string | null;
  type?: 'website' | 'article';
  /** JSON-LD objects for this page (NewsArticle, LocalBusiness, BreadcrumbList…). */
  structured?: object[];
  noindex?: boolean;
}

/**
 * Search and share metadata of a page (DESIGN §8): the record's meta fields, falling back to its title and
 * description, then to the site's keywords. React hoists these tags into <head>.
 */
export function Seo({ title, description, keywords, image, type = 'website', structured = [], noindex }: SeoProps) {
  const settings = useSite();
  const { publicUrl } = useServices();
  const { pathname } = useLocation();
  const site = settings.keywords.page_title || settings.siteName;
  const fullTitle = pageTitle(title, site, settings.siteName);
  const desc = (description || settings.keywords.page_Description || '').slice(0, 300);
  const absolute = (u: string) => (u.startsWith('http') ? u : `${publicUrl}${u}`);
  const img = image || settings.logo.Logo;
  const lang = useLang();
  // Each language is a page of its own for search engines (decision 019): English at the plain address (a crawler
  // has no cookie), Hindi with `?lang=hi`; each names the other.
  const english = absolute(pathname);
  const hindi = `${english}?lang=hi`;
  const url = lang === 'hi' ? hindi : english;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={desc} />
      <meta name="keywords" content={keywords || settings.keywords.page_keywords} />
      <link rel="canonical" href={url} />
      <link rel="alternate" hrefLang="en" href={english} />
      <link rel="alternate" hrefLang="hi" href={hindi} />
      <link rel="alternate" hrefLang="x-default" href={english} />
      {/* Browsers offer the site's search from the address bar (served by the server's seo module). */}
      <link rel="search" type="application/opensearchdescription+xml" title={site} href="/opensearch.xml" />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={site} />
      <meta property="og:title" content={title || site} />
      <meta property="og:description" content={desc} />
      <meta property="og:type" content={type} />
      <meta property="og:locale" content={lang === 'hi' ? 'hi_IN' : 'en_IN'} />
      <meta property="og:url" content={url} />
      {img ? <meta property="og:image" content={absolute(img)} /> : null}
      <meta name="twitter:card" content={img ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title || site} />
      <meta name="twitter:description" content={desc} />
      {img ? <meta name="twitter:image" content={absolute(img)} /> : null}
      {structured.map((s) => (
        <JsonLd key={(s as { '@type'?: string })['@type']} data={s} />
      ))}
    </>
  );
}

/**
 * The tab title: the page's own title, then the site's (` | `), unless the page's title already ends with the site's
 * name or title (a record's meta title often does): never "… | Chaupal | Chaupal — Local news".
 */
export function pageTitle(title: string | undefined, siteTitle: string, siteName: string): string {
  if (!title) return siteTitle;
  const last = title.split('|').pop()?.trim().toLowerCase() ?? '';
  const named = [siteName, siteTitle].some((n) => n && last === n.toLowerCase());
  return named ? title : `${title} | ${siteTitle}`;
}

/** A JSON-LD block; `jsonLd` escapes every `<`, so no value can close the script. */
export function JsonLd({ data }: { data: object }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, see jsonLd
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}
