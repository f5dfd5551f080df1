import { Container, Stack, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services';
import { ItemCard } from '../../components/cards';
import { CardGrid } from '../../components/grid';
import { Seo } from '../../components/seo';
import { TAXON_INDEX, type TTaxonKind } from './areas';

/** /services, /categories, /editions and /pages: every active one, with a case-insensitive title search. */
export function TaxonomyIndexPage({ kind }: { kind: TTaxonKind }) {
  const cfg = TAXON_INDEX[kind];
  const { queries } = useServices();
  const items = useSuspenseQuery(queries.index(kind)).data;
  const [q, setQ] = useState('');
  const shown = items.filter((i) => i.title.toLowerCase().includes(q.trim().toLowerCase()));
  return (
    <Container size="xl" py="xl">
      <Seo title={cfg.title} />
      <Stack gap="lg">
        <Title order={1}>{cfg.title}</Title>
        <TextInput
          className="filter"
          type="search"
          label={cfg.search}
          placeholder={cfg.search}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        <CardGrid empty={cfg.empty}>
          {shown.map((i) => (
            <ItemCard
              key={i.id}
              to={`${cfg.itemBase}${i.slug}`}
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
