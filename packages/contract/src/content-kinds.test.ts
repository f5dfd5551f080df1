import { describe, expect, it } from 'vitest';
import {
  apiPath,
  CONTENT_KIND_LIST,
  CONTENT_KIND_NAMES,
  CONTENT_KINDS,
  kindOfDashboard,
  MENU_KINDS,
  SEARCH_KIND_ORDER,
} from './content-kinds';
import { SEARCH_KINDS } from './search';

describe('the content kind registry', () => {
  it('keys each kind by its own name, in the order the console and sitemaps list them', () => {
    expect(CONTENT_KIND_NAMES).toEqual(['expert', 'outlet', 'news', 'feature', 'event']);
    for (const k of CONTENT_KIND_NAMES) expect(CONTENT_KINDS[k].name).toBe(k);
  });

  it('gives no two routes of the API the same method and path', () => {
    const routes = CONTENT_KIND_LIST.flatMap((k) => [
      `GET ${k.api.list}`,
      `GET ${k.api.detail}`,
      `GET ${k.api.mine}`,
      `GET ${k.api.view}`,
      `POST ${k.api.add}`,
      `PATCH ${k.api.edit}`,
      `DELETE ${k.api.remove}`,
    ]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives every kind its own public page prefix, dashboard and plural', () => {
    for (const key of ['detailPath', 'dashboardPath', 'plural'] as const) {
      const values = CONTENT_KIND_LIST.map((k) => k[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('pairs the image field with its delete flag (image/deleteImage, photo/deletePhoto)', () => {
    for (const k of CONTENT_KIND_LIST)
      expect(k.image.deleteFlag).toBe(`delete${k.image.field[0].toUpperCase()}${k.image.field.slice(1)}`);
  });

  it('fills a path’s parameters, encoded', () => {
    expect(apiPath(CONTENT_KINDS.news.api.detail, { slug: 'a b/c' })).toBe('/newss/slug/a%20b%2Fc');
    expect(apiPath(CONTENT_KINDS.feature.api.edit, { id: 'f1' })).toBe('/blog/f1');
    expect(apiPath(CONTENT_KINDS.expert.api.add)).toBe('/expert/add');
  });

  it('finds the kind of a dashboard path', () => {
    expect(kindOfDashboard('/user-article')).toBe('feature');
    expect(kindOfDashboard('/user-nothing')).toBeUndefined();
  });

  it('orders the avatar menu as SPEC §2 does, and the search facets each kind after its taxonomy', () => {
    expect(MENU_KINDS.map((k) => k.name)).toEqual(['expert', 'feature', 'news', 'outlet', 'event']);
    expect(SEARCH_KIND_ORDER).toEqual([...SEARCH_KINDS]);
    expect(SEARCH_KIND_ORDER.slice(-2)).toEqual(['eventType', 'event']);
  });
});
