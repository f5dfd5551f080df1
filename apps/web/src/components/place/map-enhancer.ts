import 'leaflet/dist/leaflet.css';
import L from 'leaflet';

export interface TMapPoint {
  lat: number;
  lng: number;
  title: string;
  /** The listing's page, linked from its marker's popup. */
  href?: string;
}

/** What a map is drawn with: the page hands it over in the box's data attributes (map-toggle.tsx). */
export interface TMapOptions {
  points: TMapPoint[];
  tiles: string;
  attribution: string;
  zoomIn: string;
  zoomOut: string;
  /** Said in the box when no tile could be loaded (no network, tiles blocked): a grey box says nothing. */
  failed: string;
  /** A click or tap drops the pin there (the forms' location picker). */
  onPick?: (lat: number, lng: number) => void;
}

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
 * A Leaflet map of listings in `el`, with tiles from MAP_TILES_URL. Markers are vector circles, so the map needs no
 * marker images. When the tiles fail to load and none has arrived, the box says so (`failed`) over the map.
 */
export function createMap(el: HTMLElement, o: TMapOptions): L.Map {
  const map = L.map(el, { scrollWheelZoom: false, zoomControl: false });
  L.control.zoom({ zoomInTitle: o.zoomIn, zoomOutTitle: o.zoomOut }).addTo(map);
  const credit = document.createElement('span');
  credit.textContent = o.attribution;
  const layer = L.tileLayer(o.tiles, { attribution: credit.innerHTML, maxZoom: 19 }).addTo(map);
  let tiles = 0;
  layer.on('tileload', () => {
    tiles++;
    el.querySelector('.map-failed')?.remove();
  });
  layer.on('tileerror', () => {
    if (tiles || el.querySelector('.map-failed')) return;
    const note = document.createElement('p');
    note.className = 'map-failed';
    note.setAttribute('role', 'status');
    note.textContent = o.failed;
    el.append(note);
  });
  const style = { radius: 9, color: '#c2410c', weight: 2, fillColor: '#e8590c', fillOpacity: 0.75 };
  const markers = o.points.map((p) => L.circleMarker([p.lat, p.lng], style).bindPopup(popupOf(p)));
  const group = L.featureGroup(markers).addTo(map);
  if (o.points.length > 1) map.fitBounds(group.getBounds().pad(0.2));
  else if (o.points.length === 1) map.setView([o.points[0].lat, o.points[0].lng], 15);
  else map.setView(INDIA, 5);
  const { onPick } = o;
  if (onPick) {
    const pin = markers[0] ?? L.circleMarker(INDIA, style);
    map.on('click', (e: L.LeafletMouseEvent) => {
      pin.setLatLng(e.latlng).addTo(map);
      onPick(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6)));
    });
  }
  return map;
}

const drawn = new WeakSet<HTMLElement>();

/**
 * "Show map" (a `<details data-map>`) opened: draws the map in its box, once. The start script calls it on the
 * details' first opening, before the app runs, without it, and after it alike (app/start-script.ts).
 */
export function enhance(details: HTMLElement) {
  const box = details.querySelector<HTMLElement>('[data-map-points]');
  if (!box || drawn.has(box)) return;
  drawn.add(box);
  const d = box.dataset;
  createMap(box, {
    points: JSON.parse(d.mapPoints || '[]') as TMapPoint[],
    tiles: d.mapTiles ?? '',
    attribution: d.mapAttribution ?? '',
    zoomIn: d.mapZoomIn ?? '',
    zoomOut: d.mapZoomOut ?? '',
    failed: d.mapFailed ?? '',
  });
}
