import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import type { Jobs } from './jobs';
import type { OutboxReaders } from './outbox-readers';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  /** The one-time code the message carries, kept in the development outbox so a person can read it. */
  code?: string;
}

export interface Messenger {
  /** `db` is the handle the message is written with: pass the transaction a send belongs to. */
  send(message: OutgoingMessage, db?: DbOrTx): Promise<void>;
}

/** How long an SMTP server or SMS provider may take before a try fails (and the queue tries again later). */
const TRANSPORT_TIMEOUT_MS = 15_000;

/**
 * The configured transports: e-mail over SMTP_URL, SMS as JSON `{to, text}` posted to SMS_WEBHOOK_URL. `deliver`
 * sends a message through its channel's transport and throws when the transport refuses or does not answer; false
 * when the channel has none.
 */
export function createTransports(config: Config, fetchImpl: typeof fetch = fetch) {
  const mailer = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: TRANSPORT_TIMEOUT_MS,
        greetingTimeout: TRANSPORT_TIMEOUT_MS,
        socketTimeout: TRANSPORT_TIMEOUT_MS,
      })
    : undefined;
  const has = (channel: OutgoingMessage['channel']) =>
    channel === 'email' ? Boolean(mailer) : Boolean(config.smsWebhookUrl);
  return {
    has,
    async deliver(m: OutgoingMessage): Promise<boolean> {
      if (m.channel === 'email' && mailer) {
        await mailer.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject ?? '', text: m.text });
        return true;
      }
      if (m.channel === 'sms' && config.smsWebhookUrl) {
        const res = await fetchImpl(config.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(TRANSPORT_TIMEOUT_MS),
        });
        if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
        return true;
      }
      return false;
    },
  };
}
export type Transports = ReturnType<typeof createTransports>;

/**
 * Sends e-mail and SMS. With a job queue (the app's), a message for a configured transport is a `message` job,
 * enqueued in the caller's transaction: it is sent only if the write that causes it commits, never holds the
 * request, and is retried with back-off while the transport fails (platform/jobs.ts). A channel with no transport
 * lands in the `outbox` table in the same transaction, where the development outbox page reads it (DESIGN §9).
 * Without a queue (tools and tests that build the app alone), messages are sent in place.
 */
export function createMessenger(
  config: Config,
  db: DbOrTx,
  fetchImpl: typeof fetch = fetch,
  readers?: Pick<OutboxReaders, 'noteWrite'>,
  jobs?: Jobs,
  transports: Transports = createTransports(config, fetchImpl),
): Messenger {
  return {
    async send(m, handle = db) {
      if (!transports.has(m.channel)) {
        readers?.noteWrite(m.to);
        await handle
          .insert(outbox)
          .values({ channel: m.channel, to: m.to, subject: m.subject ?? '', text: m.text, code: m.code });
        return;
      }
      if (jobs) {
        // The code is not part of the job: only the text the person receives carries it.
        const { code: _code, ...message } = m;
        await jobs.send('message', message, handle === db ? undefined : handle);
        return;
      }
      await transports.deliver(m);
    },
  };
}
