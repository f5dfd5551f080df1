import type { TSearchBody } from '@chaupal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { SearchParams } from '../../api/queries';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { Filters } from '../../components/filters';
import { Pager } from '../../components/pager';
import { SEARCH_KIND_ORDER, useKindName } from '../../components/search/kinds';
import { SearchBox } from '../../components/search/search-box';
import { Seo } from '../../components/seo';
import { Link } from '../../components/ui/link';
import { Container, Spinner, Stack } from '../../components/ui/ui';
import { messages } from '../../locales/en/search.json?lingui';
import { SearchHit } from './search-hit';
import { SEARCH_PAGE_SIZE, searchOf } from './search-route';

export { searchLoader } from './search-route';

/** Stands for a link in a sentence of the catalogue, to split it at. */
const MARK = '\u0000';

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
 * /search?q= (decision 011): every public kind of record at once, narrowed by kind (facets with their counts), circle
 * and locality, a page at a time. Rendered on the server like the lists; never indexed. An empty box shows just
 * the box.
 */
export function SearchPage() {
  const t = useT(messages);
  const { queries } = useServices();
  const [sp] = useSearchParams();
  const navigate = useNavigate();
  const p = searchOf(sp);
  const result = useQuery({ ...queries.search(p), enabled: Boolean(p.q), placeholderData: keepPreviousData });
  return (
    <Container size="lg" className="page search-page">
      <Seo title={p.q ? t('search.titleFor', { q: p.q }) : t('search.search')} noindex />
      <Stack gap="lg">
        <h1>{p.q ? t('search.resultsFor', { q: p.q }) : t('search.search')}</h1>
        <SearchBox key={p.q} name={t('search.boxName')} defaultValue={p.q} className="search-page-box" />
        {p.q ? (
          <>
            <Filters
              circleName={p.circleName}
              blockName={p.blockName}
              action="/search"
              keep={{ q: p.q, kind: p.kind }}
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
  const t = useT(messages);
  const kindName = useKindName();
  const hits = body?.data ?? [];
  const total = body?.meta.total ?? 0;
  const facets = body?.facets ?? [];
  const all = facets.reduce((sum, f) => sum + f.count, 0);
  const suggestion = body?.suggestion;
  // The sentence around the suggested words, which each language places where it needs them.
  const [before, after] = t('search.didYouMean', { suggestion: MARK }).split(MARK);
  const didYouMean = suggestion ? (
    <p>
      {before}
      <Link to={hrefOf({ q: suggestion, circleName: p.circleName, blockName: p.blockName })}>{suggestion}</Link>
      {after}
    </p>
  ) : null;
  return (
    <>
      {facets.length ? (
        <nav aria-label={t('search.kindsNav')} className="facets">
          <ul>
            <Facet
              label={t('search.all')}
              count={all}
              to={hrefOf({ ...p, kind: undefined, page: 1 })}
              current={!p.kind}
            />
            {SEARCH_KIND_ORDER.map((kind) => {
              const f = facets.find((x) => x.kind === kind);
              return f ? (
                <Facet
                  key={kind}
                  label={kindName(kind, 'many')}
                  count={f.count}
                  to={hrefOf({ ...p, kind, page: 1 })}
                  current={p.kind === kind}
                />
              ) : null;
            })}
          </ul>
        </nav>
      ) : null}
      {hits.length ? (
        <>
          <p className="muted small" role="status">
            {t('search.count', { count: total })}
          </p>
          {body?.place ? (
            <p className="small">
              {t('search.inPlace', {
                place: [body.place.blockName, body.place.circleName].filter(Boolean).join(', '),
              })}{' '}
              <Link to={hrefOf({ q: body.place.q })}>{t('search.everywhere', { q: body.place.q })}</Link>
            </p>
          ) : null}
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
          <p role="status">{t('search.none', { q: p.q })}</p>
          {didYouMean}
        </div>
      )}
    </>
  );
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
