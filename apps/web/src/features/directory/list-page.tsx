import type { TContentKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services';
import { cardLoad } from '../../components/cards';
import { ContentCard } from '../../components/content/content-card';
import { CardGrid } from '../../components/grid';
import { Pager } from '../../components/pager';
import { Seo } from '../../components/seo';
import { Container, Stack } from '../../components/ui/ui';
import { Filters } from './filters';
import { type Places, placesOf } from './places';

const PAGE_SIZE = 12;

/** A service's experts, a category's outlets, an edition's news or a page's features, filtered (SPEC §2). */
export function ListPage({ kind }: { kind: TContentKind }) {
  const { parent, texts } = CONTENT_KINDS[kind];
  const { queries } = useServices();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const taxon = useSuspenseQuery(queries.taxon(parent.taxon, params.id as string)).data;
  const circleName = params.circleName ?? search.get('circleName') ?? undefined;
  const blockName = search.get('blockName') ?? undefined;
  const q = search.get('q') ?? undefined;
  const page = Number(search.get('page') ?? 1) || 1;

  const circles = useQuery(queries.circles());
  const circle = circles.data?.find((c) => c.name === circleName);
  const needsBlocks = Boolean(blockName && (circle || !circleName));
  const blocks = useQuery({ ...queries.blocks(circle?.id), enabled: needsBlocks });
  // The same resolution as the route's loader; the list waits for it rather than asking for everything first.
  const resolved = Boolean(circles.data) && (!needsBlocks || Boolean(blocks.data));
  const { unknown, ...places } = resolved ? placesOf(circles.data ?? [], blocks.data ?? [], circleName, blockName) : {};
  const list = useQuery({
    ...queries.list(kind, { parent: taxon.id, ...places, q, page }),
    enabled: resolved && !unknown,
    placeholderData: keepPreviousData,
  });

  /** The URL of a filter state: names in the path and query string, as SPEC §2 shows them. */
  function hrefFor(next: { circleName?: string; blockName?: string; q?: string; page?: number }) {
    const sp = new URLSearchParams();
    if (next.circleName) sp.set('circleName', next.circleName);
    if (next.blockName) sp.set('blockName', next.blockName);
    if (next.q) sp.set('q', next.q);
    if (next.page && next.page > 1) sp.set('page', String(next.page));
    const base = `${parent.listPath}${params.id}${parent.circleInPath && next.circleName ? `/${encodeURIComponent(next.circleName)}` : ''}`;
    return `${base}${sp.size ? `?${sp}` : ''}`;
  }

  const shown = unknown ? undefined : list.data;
  const items = shown?.data ?? [];
  const total = shown?.meta.total ?? 0;
  return (
    <Container size="xl" className="page">
      <Seo
        title={taxon.published_data.metaTitle || taxon.title}
        description={taxon.published_data.metaDescription || taxon.description}
        keywords={taxon.published_data.metaKeywords}
        image={taxon.image}
      />
      <Stack gap="lg">
        <div>
          <h1>{taxon.title}</h1>
          {taxon.description ? <p className="muted">{taxon.description}</p> : null}
        </div>
        <Filters
          circleName={circleName}
          blockName={blockName}
          q={q}
          searchLabel={texts.search}
          unknown={unknown}
          onChange={(f) => navigate(hrefFor(f), { preventScrollReset: true })}
        />
        {unknown ? (
          <p className="notice notice-error">
            {unknownPlace(unknown, circleName)} <Link to={hrefFor({ q })}>Show all places</Link>
          </p>
        ) : null}
        <CardGrid empty={texts.empty} loading={!unknown && list.isPending}>
          {items.map((item, i) => (
            <ContentCard key={item.id} kind={kind} item={item} level={2} load={cardLoad(i)} />
          ))}
        </CardGrid>
        <Pager
          page={page}
          pages={Math.ceil(total / PAGE_SIZE)}
          hrefFor={(p) => hrefFor({ circleName, blockName, q, page: p })}
        />
      </Stack>
    </Container>
  );
}

/** What the page says about a place in its URL that does not exist. */
function unknownPlace(unknown: NonNullable<Places['unknown']>, circleName?: string) {
  return unknown.kind === 'circle'
    ? `There is no circle named “${unknown.name}”.`
    : `There is no locality named “${unknown.name}”${circleName ? ` in ${circleName}` : ''}.`;
}
