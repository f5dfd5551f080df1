import { CONTENT_KIND_LIST } from '@chaupal/contract/content-kinds';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSpecText } from '../../app/i18n';
import { useServices } from '../../app/services';
import { Breadcrumbs, breadcrumbLd } from '../../components/breadcrumbs';
import { cardLoad, ItemCard } from '../../components/cards';
import { indexTrail, type TTaxonKind, taxonEmpty, taxonIndex, useContentT } from '../../components/content/areas';
import { FeedLink } from '../../components/feed-link';
import { CardGrid } from '../../components/grid';
import { Seo } from '../../components/seo';
import { Container, Field, Stack } from '../../components/ui/ui';

/** /services, /categories, /editions and /pages: every active one, with a case-insensitive title search. */
export function TaxonomyIndexPage({ kind }: { kind: TTaxonKind }) {
  const t = useContentT();
  const specText = useSpecText();
  const cfg = taxonIndex(kind, t);
  // A taxon's public list is where the kind that hangs off it lists (the registry's `parent.listPath`: /service/…).
  const itemBase = CONTENT_KIND_LIST.find((k) => k.parent.taxon === kind)?.parent.listPath;
  const { queries, publicUrl } = useServices();
  const items = useSuspenseQuery(queries.index(kind)).data;
  const [q, setQ] = useState('');
  const shown = items.filter((i) => i.title.toLowerCase().includes(q.trim().toLowerCase()));
  const trail = indexTrail(kind, t);
  return (
    <Container size="xl" className="page">
      <Seo title={cfg.title} structured={[breadcrumbLd(trail, publicUrl)]} />
      <Breadcrumbs trail={trail} />
      <Stack gap="lg">
        <div>
          <h1>{cfg.title}</h1>
          {kind === 'editions' ? <FeedLink href="/rss/news.xml" title={t('content.allNews')} /> : null}
        </div>
        <div className="filters">
          <Field label={cfg.search} className="filter">
            {(id) => (
              <input id={id} type="search" placeholder={cfg.search} value={q} onChange={(e) => setQ(e.target.value)} />
            )}
          </Field>
        </div>
        <CardGrid empty={specText(taxonEmpty(kind))}>
          {shown.map((i, index) => (
            <ItemCard
              level={2}
              load={cardLoad(index)}
              key={i.id}
              to={`${itemBase}${i.slug}`}
              title={i.title}
              image={i.image}
              description={i.description}
            />
          ))}
        </CardGrid>
      </Stack>
    </Container>
  );
}
