import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
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
  /** `db` is the handle the outbox row is written with: pass the transaction a send belongs to. */
  send(message: OutgoingMessage, db?: DbOrTx): Promise<void>;
}

/**
 * E-mail over SMTP_URL and SMS over SMS_WEBHOOK_URL; a channel with no transport configured lands in the `outbox`
 * table, which the development outbox page reads (DESIGN §9).
 */
export function createMessenger(
  config: Config,
  db: DbOrTx,
  fetchImpl: typeof fetch = fetch,
  readers?: Pick<OutboxReaders, 'noteWrite'>,
): Messenger {
  const mailer = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const toOutbox = async (m: OutgoingMessage, handle: DbOrTx) => {
    readers?.noteWrite(m.to);
    await handle
      .insert(outbox)
      .values({ channel: m.channel, to: m.to, subject: m.subject ?? '', text: m.text, code: m.code });
  };
  return {
    async send(m, handle = db) {
      if (m.channel === 'email' && mailer) {
        await mailer.sendMail({ from: config.mailFrom, to: m.to, subject: m.subject ?? '', text: m.text });
        return;
      }
      if (m.channel === 'sms' && config.smsWebhookUrl) {
        const res = await fetchImpl(config.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
        return;
      }
      await toOutbox(m, handle);
    },
  };
}
