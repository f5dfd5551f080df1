import { useT } from '../app/i18n';
import { messages } from '../locales/en/content.json?lingui';
import { Link } from './ui/link';

/** One step of the way from the home page to a page: its name and its site path. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The BreadcrumbList JSON-LD of a trail (DESIGN §8). The visible `Breadcrumbs` render the same trail, so what
 * crawlers read and what visitors see never disagree.
 */
export function breadcrumbLd(trail: readonly Crumb[], publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: `${publicUrl}${c.path}`,
    })),
  };
}

/** Home › Services & Experts › Doctors › Dr. …: an ordered list of links, the current page last and unlinked. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const t = useT(messages);
  return (
    <nav aria-label={t('content.breadcrumb')} className="breadcrumbs">
      <ol>
        {trail.map((c, i) => (
          <li key={c.path}>
            {i === trail.length - 1 ? <span aria-current="page">{c.name}</span> : <Link to={c.path}>{c.name}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
