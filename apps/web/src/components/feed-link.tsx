/**
 * A visible link to an RSS feed the server publishes (`/rss/news.xml`, `/rss/edition/{slug}.xml`), and the same feed
 * named in the page's <head> (React hoists the <link>) so feed readers find it from the page's address.
 */
export function FeedLink({ href, title }: { href: string; title: string }) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={title} href={href} />
      <a className="feed-link small" href={href} type="application/rss+xml">
        <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
          <circle cx="3" cy="13" r="2" />
          <path d="M1 6a9 9 0 0 1 9 9h-2.5A6.5 6.5 0 0 0 1 8.5zM1 1a14 14 0 0 1 14 14h-2.5A11.5 11.5 0 0 0 1 3.5z" />
        </svg>
        RSS feed<span className="visually-hidden">: {title}</span>
      </a>
    </>
  );
}
