import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who may read which addresses in the development outbox; only where the outbox is on. */
    outboxReaders?: OutboxReaders;
  }
}

/** How long a request's messages stay readable by the client that made it. */
export const OUTBOX_READ_MS = 60 * 60_000;

export interface OutboxReaders {
  /** Notes that the request being handled, if any, made the site write a message to `to` into the outbox. */
  noteWrite(to: string): void;
  /** Whether a request from `address` made the site write to `to` in the last OUTBOX_READ_MS. */
  mayRead(to: string, address: string): boolean;
}

/** The client address of the request whose handling is running (the messenger runs inside it). */
const requestClient = new AsyncLocalStorage<string>();

/** This machine is one client, whichever loopback address it called from (127.0.0.1, ::1, ::ffff:127.0.0.1). */
function clientOf(address: string): string {
  const plain = address.replace(/^::ffff:/, '');
  return plain === '::1' || /^127\./.test(plain) ? 'loopback' : plain;
}

/**
 * The development outbox holds every code the site "sent". Whoever may call it (a caller on this machine) should
 * still read only the messages they caused: the codes of the account they just registered, the mail their contact
 * form sent. So each request runs with its client address in an AsyncLocalStorage, the messenger notes the
 * addresses it writes to under it, and the outbox answers for an address only the client that caused a write to it
 * within the hour (the admin reads any). Kept in this process's memory: the outbox exists only in development.
 */
export function registerOutboxReaders(app: FastifyInstance): OutboxReaders {
  const writes = new Map<string, Map<string, number>>();
  const forget = (now: number) => {
    for (const [to, clients] of writes) {
      for (const [client, at] of clients) if (now - at > OUTBOX_READ_MS) clients.delete(client);
      if (!clients.size) writes.delete(to);
    }
  };
  const readers: OutboxReaders = {
    noteWrite(to) {
      const client = requestClient.getStore();
      if (!client) return;
      const now = Date.now();
      if (writes.size > 1000) forget(now);
      const key = to.toLowerCase();
      const clients = writes.get(key) ?? new Map<string, number>();
      clients.set(client, now);
      writes.set(key, clients);
    },
    mayRead(to, address) {
      const at = writes.get(to.toLowerCase())?.get(clientOf(address));
      return at !== undefined && Date.now() - at <= OUTBOX_READ_MS;
    },
  };
  // In preValidation, once the body is read: from here on the hooks and the handler run inside the store's context.
  app.addHook('preValidation', (req, _reply, done) => requestClient.run(clientOf(req.ip), done));
  app.decorate('outboxReaders', readers);
  return readers;
}
