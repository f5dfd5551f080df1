/** The map's tiles when the server names none (it always does: MAP_TILES_URL has a default). */
export const FALLBACK_TILES = {
  tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap',
};
