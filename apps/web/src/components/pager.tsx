import { useT } from '../app/i18n';
import { messages } from '../locales/en/lists.json?lingui';
import { Link } from './ui/link';

/** Page links that keep the filters in the URL (paging for long lists). */
export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor(p: number): string }) {
  const t = useT(messages);
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label={t('lists.pages')}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} preventScrollReset>
          {t('lists.previous')}
        </Link>
      ) : null}
      {shown.map((p, i) => (
        <span key={p} className="row gap-xs">
          {i > 0 && p - shown[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {p === page ? (
            <span aria-current="page" className="current">
              {p}
            </span>
          ) : (
            <Link to={hrefFor(p)} preventScrollReset aria-label={t('lists.page', { page: p })}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pages ? (
        <Link to={hrefFor(page + 1)} preventScrollReset>
          {t('lists.next')}
        </Link>
      ) : null}
    </nav>
  );
}
