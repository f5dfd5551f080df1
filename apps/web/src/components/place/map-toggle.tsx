import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/place.json?lingui';
import type { TMapPoint } from './map-enhancer';
import { FALLBACK_TILES } from './tiles';

/**
 * "Show map": a native disclosure, so the first tap opens it before the app runs and without it. The map enhancer
 * (map-enhancer.ts, which the start script loads on the first opening) draws the map into the box from its data
 * attributes. The box is a part React renders empty and never hydrates, so Leaflet's map is never React's to replace.
 */
export function MapToggle({ points, label, title }: { points: TMapPoint[]; label: string; title: string }) {
  const t = useT(messages);
  const { map = FALLBACK_TILES } = useServices();
  return (
    <details className="map-toggle" data-map="">
      <summary className="btn btn-light btn-xs">
        <span className="when-closed">{label}</span>
        <span className="when-open">{t('place.hideMap')}</span>
      </summary>
      <section
        className="place-map"
        aria-label={title}
        data-testid="place-map"
        data-map-points={JSON.stringify(points)}
        data-map-tiles={map.tiles}
        data-map-attribution={map.attribution}
        data-map-zoom-in={t('place.zoomIn')}
        data-map-zoom-out={t('place.zoomOut')}
        data-map-failed={t('place.mapFailed')}
        data-map-loading={t('place.loadingMap')}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty part React leaves to the enhancer
        dangerouslySetInnerHTML={EMPTY}
      />
    </details>
  );
}

const EMPTY = { __html: '' };
