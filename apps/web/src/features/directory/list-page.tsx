import { CONTENT_KINDS, type TSharedKind } from '@chaupal/contract/content-kinds';
import { PLACE_LIMITS } from '@chaupal/contract/limits';
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { listFiltersOf, type TPoint } from '../../api/queries';
import { type Translate, useSpecText, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { Breadcrumbs, breadcrumbLd } from '../../components/breadcrumbs';
import { cardLoad } from '../../components/cards';
import { listTrail, sortsOf, useContentT } from '../../components/content/areas';
import { ContentCard } from '../../components/content/content-card';
import { FeedLink } from '../../components/feed-link';
import { type FilterState, Filters } from '../../components/filters';
import { CardGrid } from '../../components/grid';
import { Pager } from '../../components/pager';
import { PlaceSlot } from '../../components/place/place-slots';
import { type Places, placesOf } from '../../components/places';
import { Seo } from '../../components/seo';
import { dismiss, notify } from '../../components/toasts';
import { Link } from '../../components/ui/link';
import { Container, Stack } from '../../components/ui/ui';
import { messages } from '../../locales/en/directory.json?lingui';

const PAGE_SIZE = 12;
/** The toasts of "Near me": a location refused, then allowed, leaves no stale error. */
const NEAR_ME = 'near-me';

/** A service's experts, a category's outlets, an edition's news or a page's features, filtered (SPEC §2). */
export function ListPage({ kind }: { kind: TSharedKind }) {
  const { parent, texts } = CONTENT_KINDS[kind];
  const t = useT(messages);
  const contentT = useContentT();
  const specText = useSpecText();
  const { queries, publicUrl } = useServices();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const taxon = useSuspenseQuery(queries.taxon(parent.taxon, params.id as string)).data;
  const { circleName, blockName, q, page, sort, minRating, near } = listFiltersOf(params.circleName, search);

  const circles = useQuery(queries.circles());
  const circle = circles.data?.find((c) => c.name === circleName);
  const needsBlocks = Boolean(blockName && (circle || !circleName));
  const blocks = useQuery({ ...queries.blocks(circle?.id), enabled: needsBlocks });
  // The same resolution as the route's loader; the list waits for it rather than asking for everything first.
  const resolved = Boolean(circles.data) && (!needsBlocks || Boolean(blocks.data));
  const { unknown, ...places } = resolved ? placesOf(circles.data ?? [], blocks.data ?? [], circleName, blockName) : {};
  const list = useQuery({
    ...queries.list(kind, { parent: taxon.id, ...places, q, page, sort, minRating, near }),
    enabled: resolved && !unknown,
    placeholderData: keepPreviousData,
  });

  /** The URL of a filter state: names in the path and query string, as SPEC §2 shows them. */
  function hrefFor(next: FilterState & { page?: number; near?: TPoint }) {
    const sp = new URLSearchParams();
    if (next.circleName) sp.set('circleName', next.circleName);
    if (next.blockName) sp.set('blockName', next.blockName);
    if (next.q) sp.set('q', next.q);
    if (next.sort) sp.set('sort', next.sort);
    if (next.minRating) sp.set('minRating', next.minRating);
    const point = next.sort === 'near' ? (next.near ?? near) : undefined;
    if (point) {
      sp.set('lat', String(point.lat));
      sp.set('lng', String(point.lng));
    }
    if (next.page && next.page > 1) sp.set('page', String(next.page));
    const base = `${parent.listPath}${params.id}${parent.circleInPath && next.circleName ? `/${encodeURIComponent(next.circleName)}` : ''}`;
    return `${base}${sp.size ? `?${sp}` : ''}`;
  }

  const shown = unknown ? undefined : list.data;
  const items = shown?.data ?? [];
  const total = shown?.meta.total ?? 0;
  const trail = listTrail(kind, taxon, contentT);
  return (
    <Container size="xl" className="page">
      <Seo
        title={taxon.published_data.metaTitle || taxon.title}
        description={taxon.published_data.metaDescription || taxon.description}
        keywords={taxon.published_data.metaKeywords}
        image={taxon.image}
        structured={[breadcrumbLd(trail, publicUrl)]}
      />
      <Breadcrumbs trail={trail} />
      <Stack gap="lg">
        <div>
          <h1>{taxon.title}</h1>
          {taxon.description ? <p className="muted">{taxon.description}</p> : null}
          {kind === 'news' ? (
            <FeedLink href={`/rss/edition/${encodeURIComponent(taxon.slug)}.xml`} title={taxon.title} />
          ) : null}
        </div>
        <Filters
          circleName={circleName}
          blockName={blockName}
          q={q}
          sort={sort}
          minRating={minRating}
          searchLabel={t(`directory.search.${kind}`)}
          sorts={sortsOf(kind, contentT)}
          unknown={unknown}
          action={`${parent.listPath}${params.id}`}
          onChange={(f) => {
            // "Near me" asks the browser where the visitor is, once; the point (about 100 m) stays in the URL.
            if (f.sort !== 'near' || near) return navigate(hrefFor(f), { preventScrollReset: true });
            navigator.geolocation.getCurrentPosition(
              ({ coords: c }) => {
                dismiss(NEAR_ME);
                navigate(hrefFor({ ...f, near: { lat: +c.latitude.toFixed(3), lng: +c.longitude.toFixed(3) } }), {
                  preventScrollReset: true,
                });
              },
              () => notify(t('directory.noLocation'), { tone: 'error', key: NEAR_ME }),
            );
          }}
        />
        <PlaceSlot list={{ kind, items, title: taxon.title, near: sort === 'near' && Boolean(near) }} />
        {unknown ? (
          <p className="notice notice-error">
            {unknownPlace(t, unknown, circleName)}{' '}
            <Link to={hrefFor({ q, sort, minRating })}>{t('directory.showAll')}</Link>
          </p>
        ) : null}
        <CardGrid
          empty={
            sort === 'near' && near
              ? t('directory.nothingNear', { km: PLACE_LIMITS.nearRadiusKm })
              : specText(texts.empty)
          }
          loading={!unknown && list.isPending}
        >
          {items.map((item, i) => (
            <ContentCard key={item.id} kind={kind} item={item} level={2} load={cardLoad(i)} />
          ))}
        </CardGrid>
        <Pager
          page={page}
          pages={Math.ceil(total / PAGE_SIZE)}
          hrefFor={(p) => hrefFor({ circleName, blockName, q, sort, minRating, near, page: p })}
        />
      </Stack>
    </Container>
  );
}

/** What the page says about a place in its URL that does not exist. */
function unknownPlace(t: Translate, unknown: NonNullable<Places['unknown']>, circleName?: string) {
  const { name } = unknown;
  if (unknown.kind === 'circle') return t('directory.noCircle', { name });
  return circleName ? t('directory.noLocalityIn', { name, circle: circleName }) : t('directory.noLocality', { name });
}
