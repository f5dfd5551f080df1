import { useT } from '../app/i18n';
import { messages } from '../locales/en/lists.json?lingui';

/**
 * A visible link (its icon drawn by the stylesheet) to an RSS feed the server publishes (`/rss/news.xml`, `/rss/edition/{slug}.xml`), and the same feed
 * named in the page's <head> (React hoists the <link>) so feed readers find it from the page's address.
 */
export function FeedLink({ href, title }: { href: string; title: string }) {
  const t = useT(messages);
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={href} />
      <a className="feed-link small" href={href} type="application/rss+xml">
        {t('lists.rss')}
        <span className="visually-hidden">: {title}</span>
      </a>
    </>
  );
}
