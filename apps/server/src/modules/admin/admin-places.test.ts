import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../seed/factories';
import { api, type TMethod } from '../../test/api';
import { type TestContext, testApp } from '../../test/harness';
import { buildWorld, type TWorld } from '../../test/world';

let t: TestContext;
let w: TWorld;
let token: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
// A new town for each test: the lists and counts below cover every circle and locality of the database.
beforeEach(async () => {
  t = await testApp();
  w = await buildWorld(t.db);
  admin = await makeUser(t.db, { name: 'Ada Admin', role: 'admin' });
  token = await t.app.tokens.issue(admin);
});
afterEach(() => t.close());

const send = (method: TMethod, url: string, payload?: object) =>
  api(() => t).call(method, `/admin${url}`, { token, payload });
const pub = api(() => t).get;
const names = (res: { json(): { data: { name?: string; title?: string }[] } }) =>
  res.json().data.map((r) => r.name ?? r.title);
/** The audit entries of one row, newest first. */
const auditOf = async (entityId: string) => (await send('GET', `/audit?entityId=${entityId}`)).json().data;
const actor = () => ({ id: admin.id, name: 'Ada Admin', email: admin.email });
const invalid = (details: object[]) => ({ success: false, error: 'The request has invalid fields.', details });
/** The circle East Side, and the locality Dockside in it and in South, added through the console. */
const eastSideAndDockside = async () => {
  const east = (await send('POST', '/circles', { name: 'East Side', position: 3 })).json().data;
  const dock = (await send('POST', '/blocks', { name: 'Dockside', circles: [east.id, 'south'] })).json().data;
  return { east, dock };
};

describe('circles and localities', () => {
  it('lists circles in any status, in order, with how many records and localities use each', async () => {
    const res = await send('GET', '/circles');
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 12, total: 3 });
    expect(res.json().data.map((c: { name: string; used: number }) => [c.name, c.used])).toEqual([
      ['Closed Circle', 0],
      ['North', 7],
      ['South', 2],
    ]);
    expect(names(await send('GET', '/circles?status=hold'))).toEqual(['Closed Circle']);
    expect(names(await send('GET', '/circles?q=OUT'))).toEqual(['South']);
    const blocks = (await send('GET', '/blocks?q=river')).json().data;
    expect(blocks).toEqual([
      {
        id: w.blocks.riverside.id,
        slug: 'riverside',
        name: 'Riverside',
        status: 'active',
        position: 0,
        used: 0,
        updatedAt: expect.any(String),
        circles: [
          { id: w.circles.north.id, name: 'North', slug: 'north' },
          { id: w.circles.south.id, name: 'South', slug: 'south' },
        ],
      },
    ]);
  });

  it('adds a circle and a locality in it (circles by id or slug); both appear in the public lists', async () => {
    const circle = await send('POST', '/circles', { name: 'East Side', position: 3 });
    expect(circle.statusCode).toBe(200);
    expect(circle.json()).toEqual({
      success: true,
      message: 'Circle Added Successfully',
      data: {
        id: expect.any(String),
        slug: 'east-side',
        name: 'East Side',
        status: 'active',
        position: 3,
        used: 0,
        updatedAt: expect.any(String),
      },
    });
    const east = circle.json().data;
    const block = await send('POST', '/blocks', { name: 'Dockside', circles: [east.id, 'south'] });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({
      message: 'Locality Added Successfully',
      data: {
        slug: 'dockside',
        circles: [
          { id: w.circles.south.id, name: 'South', slug: 'south' },
          { id: east.id, name: 'East Side', slug: 'east-side' },
        ],
      },
    });
    expect(names(await pub('/circles/view'))).toEqual(['North', 'South', 'East Side']);
    expect(names(await pub(`/blocks/view?circles[]=${east.id}`))).toEqual(['Dockside']);
    expect((await send('GET', '/circles/east-side')).json().data).toMatchObject({ id: east.id, used: 1 });
    expect((await send('GET', `/blocks/${block.json().data.id}`)).json().data.circles).toHaveLength(2);

    const [created] = await auditOf(east.id);
    expect(created).toMatchObject({ actor: actor(), action: 'create', entity: 'circles', before: null });
    expect(created.after).toMatchObject({ name: 'East Side', slug: 'east-side', position: 3 });
  });

  it('renames, moves and holds a locality: held ones leave the public list', async () => {
    const { dock } = await eastSideAndDockside();
    const res = await send('PUT', `/blocks/${dock.id}`, {
      name: 'Old Dock',
      slug: 'dockside',
      circles: ['north'],
      status: 'hold',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Edited Successfully',
      data: { name: 'Old Dock', slug: 'dockside', status: 'hold', circles: [{ name: 'North' }] },
    });
    expect(names(await pub('/blocks/view'))).not.toContain('Old Dock');
    const [update] = await auditOf(dock.id);
    expect(update).toMatchObject({
      actor: actor(),
      action: 'update',
      entity: 'blocks',
      before: { name: 'Dockside', status: 'active', circles: [{ name: 'South' }, { name: 'East Side' }] },
      after: { name: 'Old Dock', status: 'hold', circles: [{ name: 'North' }] },
    });
  });

  it('refuses bad input with 400 and details naming the field', async () => {
    expect((await send('POST', '/circles', {})).json()).toEqual(invalid([{ parameter: 'name', errors: ['Required'] }]));
    const status = await send('POST', '/circles', { name: 'West', status: 'closed' });
    expect(status.statusCode).toBe(400);
    expect(status.json().details.map((d: { parameter: string }) => d.parameter)).toEqual(['status']);
    const none = await send('POST', '/blocks', { name: 'Nowhere' });
    expect(none.json()).toEqual(invalid([{ parameter: 'circles', errors: ['Required'] }]));
    const unknown = await send('POST', '/blocks', { name: 'Nowhere', circles: ['atlantis', w.circles.north.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(invalid([{ parameter: 'circles', errors: ['Unknown circle: atlantis'] }]));
    expect((await send('GET', '/blocks?q=Nowhere')).json().meta.total).toBe(0);
  });

  it('refuses an explicit slug another circle holds with 409, and answers 404 for an unknown one', async () => {
    const res = await send('POST', '/circles', { name: 'Northern', slug: 'north' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      error: 'That value is already in use.',
      details: [{ parameter: 'slug', errors: ['That slug is taken'] }],
    });
    for (const [method, url] of [
      ['GET', '/circles/nowhere'],
      ['PUT', '/blocks/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/circles/nowhere'],
    ] as const) {
      const r = await send(method, url, method === 'PUT' ? { name: 'X', circles: ['north'] } : undefined);
      expect([url, r.statusCode, r.json()]).toEqual([url, 404, { success: false, error: 'Not found.' }]);
    }
  });

  it('refuses to delete a circle or locality in use with 409 and the count, and keeps it', async () => {
    // North: four records, and the localities Market, Riverside and Closed Block.
    const north = await send('DELETE', `/circles/${w.circles.north.id}`);
    expect(north.statusCode).toBe(409);
    expect(north.json()).toEqual({
      success: false,
      error: 'This circle is used by 7 records and localities; hold it instead.',
      details: [{ parameter: 'id', errors: ['Used by 7'] }],
    });
    // South holds no records, only the localities Riverside and Harbour.
    const south = await send('DELETE', '/circles/south');
    expect(south.json().error).toBe('This circle is used by 2 records and localities; hold it instead.');
    const market = await send('DELETE', `/blocks/${w.blocks.market.id}`);
    expect(market.statusCode).toBe(409);
    expect(market.json().error).toBe('This locality is used by 4 records; hold it instead.');
    expect((await send('GET', `/circles/${w.circles.north.id}`)).statusCode).toBe(200);
    expect((await send('GET', `/blocks/${w.blocks.market.id}`)).statusCode).toBe(200);
  });

  it('deletes unused ones, recording what they were', async () => {
    const { east } = await eastSideAndDockside();
    const dock = (await send('GET', '/blocks/dockside')).json().data;
    expect(dock.used).toBe(0);
    for (const [url, id, entity] of [
      [`/blocks/${dock.id}`, dock.id, 'blocks'],
      ['/circles/east-side', east.id, 'circles'],
    ]) {
      const res = await send('DELETE', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Deleted Successfully' });
      expect((await send('GET', url)).statusCode).toBe(404);
      const [entry] = await auditOf(id);
      expect(entry).toMatchObject({ actor: actor(), action: 'delete', entity, entityId: id, after: null });
      expect(entry.before).toMatchObject({ id, used: 0 });
    }
    expect(names(await pub('/circles/view'))).toEqual(['North', 'South']);
  });
});
