import type { TExpert, TFeature, TNews, TOutlet } from '@chaupal/contract';
import { langTag } from '@chaupal/contract/languages';
import { breadcrumbLd, type Crumb } from '../breadcrumbs';

type Item = TExpert | TOutlet | TNews | TFeature;
export type TSiteLd = { name: string; url: string; logo: string | null };

/** JSON-LD for a detail page (DESIGN §8): the article, and the breadcrumb that leads to it. */
export function structuredData(item: Item, url: string, site: TSiteLd, trail: readonly Crumb[]) {
  const abs = (u: string | null | undefined) => (u ? (u.startsWith('http') ? u : `${site.url}${u}`) : undefined);
  const publisher = {
    '@type': 'Organization',
    name: site.name,
    url: site.url,
    ...(site.logo ? { logo: abs(site.logo) } : {}),
  };
  const breadcrumb = breadcrumbLd(trail, site.url);
  // An expert's or outlet's LocalBusiness comes with its place (components/place/place-ld.ts).
  if ('call_now' in item) return [breadcrumb];
  const isNews = 'reporter' in item;
  const main = {
    '@context': 'https://schema.org',
    '@type': isNews ? 'NewsArticle' : 'Article',
    headline: item.title.slice(0, 110),
    description: item.description,
    image: abs(isNews ? item.image : item.photo) ? [abs(isNews ? item.image : item.photo)] : undefined,
    datePublished: isNews ? item.publishing_time : item.publishedDate,
    dateModified: item.updatedAt,
    author: { '@type': 'Person', name: isNews ? item.reporter : item.author },
    publisher,
    mainEntityOfPage: url,
    inLanguage: langTag(item.language),
  };
  return [main, breadcrumb];
}
