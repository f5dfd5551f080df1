import { Center, Loader, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Three a row on large screens, one on small (SPEC §9); the empty text when there is nothing. */
export function CardGrid({ children, empty, loading }: { children: ReactNode[]; empty: string; loading?: boolean }) {
  if (loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!children.length) {
    return (
      <Text ta="center" c="dimmed" py="xl" role="status">
        {empty}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {children}
    </SimpleGrid>
  );
}
