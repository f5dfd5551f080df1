import type { IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog } from './request-log';

type Line = Record<string, unknown> & { level: number; msg: string };

/** A Fastify app logging through RequestLog at `level`, and the lines it wrote. */
async function logged(opts: { cacheHitsEvery: number; slowMs: number }, level = 'info') {
  const lines: Line[] = [];
  const log = new RequestLog(opts);
  const app = Fastify({
    logger: { level, stream: { write: (s: string) => lines.push(JSON.parse(s)) } },
    logController: log,
  });
  app.get('/page', async () => 'a page');
  app.get('/hit', async (_req, reply) => reply.header('x-cache', 'hit').send('kept'));
  app.get('/slow-hit', async (_req, reply) => {
    await new Promise((r) => setTimeout(r, 40));
    return reply.header('x-cache', 'hit').send('kept');
  });
  app.get('/fail', async (_req, reply) => reply.code(503).send('down'));
  await app.ready();
  return { app, log, lines, requests: () => lines.filter((l) => l.req) };
}

describe('the request log', () => {
  it('writes one line a request, with its id, address, client, status and time', async () => {
    const { app, requests } = await logged({ cacheHitsEvery: 100, slowMs: 1000 });
    await app.inject({ url: '/page?x=1', remoteAddress: '10.1.2.3' });
    await app.inject({ url: '/nowhere' });
    expect(requests()).toHaveLength(2);
    const [page, missing] = requests();
    expect(page).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: expect.any(String),
      req: { method: 'GET', url: '/page?x=1', host: 'localhost:80', remoteAddress: '10.1.2.3' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(page.cache).toBeUndefined();
    expect(missing).toMatchObject({ level: 30, msg: 'request', res: { statusCode: 404 } });
  });

  it('logs one cache hit in N, saying how many it stands for, and every failed or slow one', async () => {
    const { app, requests } = await logged({ cacheHitsEvery: 3, slowMs: 20 });
    for (let i = 0; i < 7; i++) await app.inject({ url: '/hit' });
    expect(requests().map((l) => [l.msg, l.cache, l.sampled])).toEqual([
      ['request', 'hit', 3],
      ['request', 'hit', 3],
    ]);
    await app.inject({ url: '/slow-hit' });
    await app.inject({ url: '/fail' });
    const [slow, failed] = requests().slice(2);
    expect(slow).toMatchObject({ level: 40, msg: 'slow request', cache: 'hit' });
    expect(slow.sampled).toBeUndefined();
    expect(failed).toMatchObject({ level: 50, msg: 'request failed', res: { statusCode: 503 } });
  });

  it('logs no cache hit at 0, and the arrival of each request at debug', async () => {
    const none = await logged({ cacheHitsEvery: 0, slowMs: 1000 });
    for (let i = 0; i < 5; i++) await none.app.inject({ url: '/hit' });
    await none.app.inject({ url: '/page' });
    expect(none.requests().map((l) => (l.req as { url: string }).url)).toEqual(['/page']);

    const debug = await logged({ cacheHitsEvery: 1, slowMs: 1000 }, 'debug');
    await debug.app.inject({ url: '/page' });
    expect(debug.requests().map((l) => [l.level, l.msg])).toEqual([
      [20, 'incoming request'],
      [30, 'request'],
    ]);
  });

  it('counts the hit lane’s answers with the other hits', async () => {
    const { app, log, requests } = await logged({ cacheHitsEvery: 2, slowMs: 1000 });
    const req = {
      method: 'GET',
      url: '/news',
      headers: { host: 'chaupal.test' },
      socket: { remoteAddress: '10.0.0.9', remotePort: 4567 },
    } as unknown as IncomingMessage;
    log.laneHit(app.log, req, 200, process.hrtime.bigint());
    await app.inject({ url: '/hit' });
    log.laneHit(app.log, req, 304, process.hrtime.bigint());
    log.laneHit(app.log, req, 200, process.hrtime.bigint());
    expect(requests().map((l) => [l.req, l.res, l.cache, l.sampled])).toEqual([
      [{ method: 'GET', url: '/hit', host: 'localhost:80', remoteAddress: '127.0.0.1' }, { statusCode: 200 }, 'hit', 2],
      [
        { method: 'GET', url: '/news', host: 'chaupal.test', remoteAddress: '10.0.0.9', remotePort: 4567 },
        { statusCode: 200 },
        'hit',
        2,
      ],
    ]);
  });
});
