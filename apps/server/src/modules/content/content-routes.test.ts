import { CONTENT_KIND_LIST } from '@chaupal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testApp } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Every API operation the OpenAPI document lists, as `METHOD /path/:param`. */
function operations() {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (m) => `${m.toUpperCase()} ${path.replace('/api/backend/v1', '').replace(/\{(\w+)\}/g, ':$1')}`,
    ),
  );
}

describe('content routes from the registry', () => {
  it('serves SPEC §7 content paths exactly, typos included', () => {
    const served = operations();
    // Written out by hand, not read from the registry: a slip in the registry fails here.
    for (const route of [
      'GET /experts/view',
      'GET /experts/slug/:slug',
      'GET /experts/get/user',
      'GET /expert/view/:id',
      'POST /expert/add',
      'PATCH /expert/edit/:id',
      'DELETE /expert/delete/:id',
      'GET /outlets/view',
      'GET /outlets/slug/:slug',
      'GET /outlets/view/user',
      'GET /outlet/view/:id',
      'POST /outlet/add',
      'PATCH /outlet/edit/:id',
      'DELETE /outlet/delete/:id',
      'GET /newss/view',
      'GET /newss/slug/:slug',
      'GET /newss/view/user',
      'GET /news/view/:id',
      'POST /news/add',
      'PATCH /news/edit/:id',
      'DELETE /news/delete/:id',
      'GET /blog',
      'GET /blog/slug/:slug',
      'GET /blog/user',
      'GET /blog/:id',
      'POST /blog',
      'PATCH /blog/:id',
      'DELETE /blog/:id',
    ])
      expect(served).toContain(route);
  });

  it('registers every path of every kind in the registry, under the kind’s plural as its tag', () => {
    const doc = (
      t.app as unknown as { swagger(): { paths: Record<string, Record<string, { tags?: string[] }>> } }
    ).swagger();
    for (const kind of CONTENT_KIND_LIST) {
      for (const [name, path] of Object.entries(kind.api)) {
        const method = {
          list: 'get',
          detail: 'get',
          mine: 'get',
          view: 'get',
          add: 'post',
          edit: 'patch',
          remove: 'delete',
        }[name] as string;
        const op = doc.paths[`/api/backend/v1${path.replace(/:(\w+)/g, '{$1}')}`]?.[method];
        expect(op?.tags, `${kind.name} ${name}`).toEqual([kind.plural]);
      }
    }
  });
});
