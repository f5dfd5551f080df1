import { useEffect, useRef } from 'react';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/place.json?lingui';
import { createMap, type TMapPoint } from './map-enhancer';
import { FALLBACK_TILES } from './tiles';

export type { TMapPoint };

/**
 * The forms' location picker: a Leaflet map (createMap, the same as the public pages' "Show map") where a click or tap
 * drops the pin.
 */
export default function PlaceMap({
  points,
  title,
  onPick,
}: {
  points: TMapPoint[];
  title: string;
  onPick?: (lat: number, lng: number) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  const t = useT(messages);
  const zoomIn = t('place.zoomIn');
  const zoomOut = t('place.zoomOut');
  const failed = t('place.mapFailed');
  const { map: tiles = FALLBACK_TILES } = useServices();
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const map = createMap(el, {
      points,
      ...tiles,
      zoomIn,
      zoomOut,
      failed,
      onPick: (lat, lng) => pick.current?.(lat, lng),
    });
    return () => {
      map.remove();
    };
  }, [points, tiles, zoomIn, zoomOut, failed]);

  return <section ref={ref} className="place-map" aria-label={title} data-testid="place-map" />;
}
