import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { messages } from '../../locales/en/place.json?lingui';

export interface TMapPoint {
  lat: number;
  lng: number;
  title: string;
  /** The listing's page, linked from its marker's popup. */
  href?: string;
}

const FALLBACK_TILES = { tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' };
/** Where an empty picker opens: the middle of India. */
const INDIA: L.LatLngTuple = [22.5, 79];

/** The popup of a marker: its title, linked to its page, built as text (titles are the contributors' words). */
function popupOf(p: TMapPoint): HTMLElement {
  const el = document.createElement(p.href ? 'a' : 'strong');
  el.textContent = p.title;
  if (p.href) el.setAttribute('href', p.href);
  return el;
}

/**
 * A Leaflet map (issue 15) of listings, with tiles from MAP_TILES_URL. Markers are vector circles, so the map needs
 * no marker images. With `onPick`, a click or tap drops the pin there (the forms' location picker).
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
  const { map: tiles = FALLBACK_TILES } = useServices();
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const map = L.map(el, { scrollWheelZoom: false, zoomControl: false });
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    const credit = document.createElement('span');
    credit.textContent = tiles.attribution;
    L.tileLayer(tiles.tiles, { attribution: credit.innerHTML, maxZoom: 19 }).addTo(map);
    const style = { radius: 9, color: '#c2410c', weight: 2, fillColor: '#e8590c', fillOpacity: 0.75 };
    const markers = points.map((p) => L.circleMarker([p.lat, p.lng], style).bindPopup(popupOf(p)));
    const group = L.featureGroup(markers).addTo(map);
    if (points.length > 1) map.fitBounds(group.getBounds().pad(0.2));
    else if (points.length === 1) map.setView([points[0].lat, points[0].lng], 15);
    else map.setView(INDIA, 5);
    if (pick.current) {
      const pin = markers[0] ?? L.circleMarker(INDIA, style);
      map.on('click', (e: L.LeafletMouseEvent) => {
        pin.setLatLng(e.latlng).addTo(map);
        pick.current?.(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6)));
      });
    }
    return () => {
      map.remove();
    };
  }, [points, tiles, zoomIn, zoomOut]);

  return <section ref={ref} className="place-map" aria-label={title} data-testid="place-map" />;
}
