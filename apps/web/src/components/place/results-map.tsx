import type { TContentKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { useMemo } from 'react';
import type { ContentOf } from '../../api/queries';
import { MapToggle } from './map-toggle';

/** "Show on map" for a list's results that have a pin; nothing for news, features or a list without pins. */
export function ResultsMap<K extends TContentKind>({
  kind,
  items,
  title,
}: {
  kind: K;
  items: ContentOf<K>[];
  title: string;
}) {
  const points = useMemo(
    () =>
      items.flatMap((item) =>
        'latitude' in item && item.latitude !== null && item.longitude !== null
          ? [
              {
                lat: item.latitude,
                lng: item.longitude,
                title: item.title,
                href: `${CONTENT_KINDS[kind].detailPath}${item.slug}`,
              },
            ]
          : [],
      ),
    [items, kind],
  );
  if (!points.length) return null;
  return <MapToggle label="Show on map" title={`Map of ${title}`} points={points} />;
}
