import type { TExpert, TFeature, TNews, TOutlet } from '@chaupal/contract';
import { langTag } from '@chaupal/contract/languages';
import { breadcrumbLd, type Crumb } from '../breadcrumbs';
import { textOf } from '../cards';

type Item = TExpert | TOutlet | TNews | TFeature;

/** JSON-LD for a detail page (DESIGN §8): the record, and the breadcrumb that leads to it. */
export function structuredData(
  item: Item,
  url: string,
  site: { name: string; url: string; logo: string | null },
  trail: readonly Crumb[],
) {
  const abs = (u: string | null | undefined) => (u ? (u.startsWith('http') ? u : `${site.url}${u}`) : undefined);
  const publisher = {
    '@type': 'Organization',
    name: site.name,
    url: site.url,
    ...(site.logo ? { logo: abs(site.logo) } : {}),
  };
  const breadcrumb = breadcrumbLd(trail, site.url);
  let main: object;
  if ('call_now' in item) {
    main = {
      '@context': 'https://schema.org',
      '@type': 'services' in item ? 'ProfessionalService' : 'LocalBusiness',
      name: item.title,
      description: textOf(item.description).slice(0, 300),
      url,
      image: abs(item.image),
      telephone: item.call_now,
      ...(item.website_url ? { sameAs: [item.website_url] } : {}),
      areaServed: item.circles.map((c) => c.name),
    };
  } else {
    const isNews = 'reporter' in item;
    main = {
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
  }
  return [main, breadcrumb];
}
