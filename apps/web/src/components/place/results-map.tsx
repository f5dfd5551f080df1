import type { TContentKind } from '@chaupal/contract';
import { CONTENT_KINDS } from '@chaupal/contract/content-kinds';
import { useMemo } from 'react';
import type { ContentOf } from '../../api/queries';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/place.json?lingui';
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
  const t = useT(messages);
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
  return <MapToggle label={t('place.showOnMap')} title={t('place.mapOf', { title })} points={points} />;
}
