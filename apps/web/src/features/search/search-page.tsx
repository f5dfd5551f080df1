import type { TSearchBody, TSearchKind } from '@chaupal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SearchParams } from '../../api/queries';
import { useServices } from '../../app/services';
import { Filters } from '../../components/filters';
import { Pager } from '../../components/pager';
import { SEARCH_KIND_NAMES, SEARCH_KIND_ORDER } from '../../components/search/kinds';
import { SearchBox } from '../../components/search/search-box';
import { Seo } from '../../components/seo';
import { Container, Spinner, Stack } from '../../components/ui/ui';
import { SearchHit } from './search-hit';
import { SEARCH_PAGE_SIZE, searchOf } from './search-route';

export { searchLoader } from './search-route';

/** The URL of a search: the words, the kind facet, the place by name (as the lists carry it) and the page. */
function hrefOf(p: Omit<SearchParams, 'pageSize'>) {
  const sp = new URLSearchParams({ q: p.q });
  if (p.kind) sp.set('kind', p.kind);
  if (p.circleName) sp.set('circleName', p.circleName);
  if (p.blockName) sp.set('blockName', p.blockName);
  if (p.page && p.page > 1) sp.set('page', String(p.page));
  return `/search?${sp}`;
}

/**
 * /search?q= (issue 14): every public kind of record at once, narrowed by kind (facets with their counts), circle
 * and locality, a page at a time. Rendered on the server like the lists; never indexed. An empty box shows just
 * the box.
 */
export function SearchPage() {
  const { queries } = useServices();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const p = searchOf(sp);
  const result = useQuery({ ...queries.search(p), enabled: Boolean(p.q), placeholderData: keepPreviousData });
  return (
    <Container size="lg" className="page search-page">
      <Seo title={p.q ? `Search: ${p.q}` : 'Search'} noindex />
      <Stack gap="lg">
        <h1>{p.q ? `Results for “${p.q}”` : 'Search'}</h1>
        <SearchBox key={p.q} name="Search page" defaultValue={p.q} className="search-page-box" />
        {p.q ? (
          <>
            <Filters
              circleName={p.circleName}
              blockName={p.blockName}
              onChange={(f) =>
                navigate(hrefOf({ ...p, circleName: f.circleName, blockName: f.blockName, page: 1 }), {
                  preventScrollReset: true,
                })
              }
            />
            {result.isPending ? <Spinner /> : <Results body={result.data} p={p} />}
          </>
        ) : null}
      </Stack>
    </Container>
  );
}

/** Facets, hits and pages; "No results for …" with a did-you-mean when nothing matches. */
function Results({ body, p }: { body: TSearchBody | undefined; p: SearchParams }) {
  const hits = body?.data ?? [];
  const total = body?.meta.total ?? 0;
  const facets = body?.facets ?? [];
  const all = facets.reduce((sum, f) => sum + f.count, 0);
  const suggestion = body?.suggestion;
  const didYouMean = suggestion ? (
    <p>
      Did you mean{' '}
      <Link to={hrefOf({ q: suggestion, circleName: p.circleName, blockName: p.blockName })}>{suggestion}</Link>?
    </p>
  ) : null;
  return (
    <>
      {facets.length ? (
        <nav aria-label="Kinds of result" className="facets">
          <ul>
            <Facet label="All" count={all} to={hrefOf({ ...p, kind: undefined, page: 1 })} current={!p.kind} />
            {SEARCH_KIND_ORDER.map((kind) => {
              const f = facets.find((x) => x.kind === kind);
              return f ? <KindFacet key={kind} kind={kind} count={f.count} p={p} /> : null;
            })}
          </ul>
        </nav>
      ) : null}
      {hits.length ? (
        <>
          <p className="muted small" role="status">
            {total} result{total === 1 ? '' : 's'}
          </p>
          {didYouMean}
          <ol className="search-hits">
            {hits.map((h) => (
              <SearchHit key={`${h.kind}-${h.id}`} hit={h} />
            ))}
          </ol>
          <Pager
            page={p.page ?? 1}
            pages={Math.ceil(total / SEARCH_PAGE_SIZE)}
            hrefFor={(page) => hrefOf({ ...p, page })}
          />
        </>
      ) : (
        <div className="empty">
          <p role="status">No results for “{p.q}”</p>
          {didYouMean}
        </div>
      )}
    </>
  );
}

function KindFacet({ kind, count, p }: { kind: TSearchKind; count: number; p: SearchParams }) {
  const label = SEARCH_KIND_NAMES[kind].plural;
  return <Facet label={label} count={count} to={hrefOf({ ...p, kind, page: 1 })} current={p.kind === kind} />;
}

function Facet({ label, count, to, current }: { label: string; count: number; to: string; current: boolean }) {
  return (
    <li>
      <Link to={to} className="facet" aria-current={current ? 'page' : undefined} preventScrollReset>
        {label} <span className="facet-count">{count}</span>
      </Link>
    </li>
  );
}
