import { Link } from 'react-router';

/** Page links that keep the filters in the URL (issue 4: paging for long lists). */
export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor(p: number): string }) {
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} preventScrollReset>
          ‹ Previous
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
            <Link to={hrefFor(p)} preventScrollReset aria-label={`Page ${p}`}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pages ? (
        <Link to={hrefFor(page + 1)} preventScrollReset>
          Next ›
        </Link>
      ) : null}
    </nav>
  );
}
