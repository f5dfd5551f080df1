import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { testDatabase } from '../test/harness';
import { createMessenger } from './messenger';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

describe('messenger', () => {
  it('puts messages in the outbox when no transport is configured', async () => {
    const m = createMessenger(loadConfig({}), database.db);
    await m.send({ channel: 'sms', to: '+919812345678', text: 'Your verification code is 123456', code: '123456' });
    const [row] = await database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    expect(row).toMatchObject({
      channel: 'sms',
      to: '+919812345678',
      text: 'Your verification code is 123456',
      code: '123456',
    });
  });

  it('posts an SMS as JSON {to, text} to SMS_WEBHOOK_URL, and reports a refusal', async () => {
    const received: { body: string; type?: string }[] = [];
    let status = 200;
    const server = createServer(async (req, res) => {
      received.push({ body: await readBody(req), type: req.headers['content-type'] });
      res.statusCode = status;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
    try {
      const m = createMessenger(loadConfig({ SMS_WEBHOOK_URL: url }), database.db);
      await m.send({ channel: 'sms', to: '+919812345678', text: 'Your verification code is 654321', code: '654321' });
      expect(received).toEqual([
        {
          body: JSON.stringify({ to: '+919812345678', text: 'Your verification code is 654321' }),
          type: 'application/json',
        },
      ]);
      status = 500;
      await expect(m.send({ channel: 'sms', to: '+919812345678', text: 'x' })).rejects.toThrow(
        'SMS provider answered 500',
      );
    } finally {
      server.close();
    }
  });
});
