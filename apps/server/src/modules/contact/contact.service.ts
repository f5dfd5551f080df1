import { type TContactFields, type TErrorDetail, ZContactFields } from '@chaupal/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { contactRequests, users } from '../../db/schema';
import type { Captcha } from '../../platform/captcha';
import { AppError, detailsFromIssues } from '../../platform/errors';
import type { FilePart, FormInput } from '../../platform/form-input';
import type { Messenger } from '../../platform/messenger';
import type { Storage } from '../../platform/storage';
import { collectGarbage, storeFile } from '../uploads';

export interface ContactContext {
  db: Db;
  storage: Storage;
  captcha: Captcha;
  messenger: Messenger;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** SPEC §8: the contact form lists the errors by field, one line each, starting with the field's name. */
const contactError = (details: TErrorDetail[]) =>
  new AppError('BAD_REQUEST', details.map((d) => `${d.parameter}: ${d.errors.join(', ')}`).join('\n'), details);

function validate(input: FormInput): { fields: TContactFields; file?: FilePart } {
  const parsed = ZContactFields.safeParse(input.fields);
  const details = parsed.success ? [] : detailsFromIssues(parsed.error.issues);
  const files = input.files.filter((f) => f.field === 'file');
  if (files.length > 1) details.push({ parameter: 'file', errors: ['One file only'] });
  if (!parsed.success || details.length) throw contactError(details);
  return { fields: parsed.data, file: files[0] };
}

function mailText(fields: TContactFields, fileUrl: string | null, publicUrl: string) {
  const file = fileUrl ? (fileUrl.startsWith('/') ? `${publicUrl}${fileUrl}` : fileUrl) : '(none)';
  return [
    `Name: ${fields.name}`,
    `Email: ${fields.email}`,
    `Phone: ${fields.phone}`,
    `File: ${file}`,
    '',
    fields.message || '(no message)',
  ].join('\n');
}

/**
 * Takes a contact request: checks the fields and the human check before anything is stored, then stores the file,
 * the request, and tells the first admin by e-mail. A mail that cannot go out does not lose the request.
 */
export async function addContactRequest(ctx: ContactContext, input: FormInput, ip: string): Promise<{ id: string }> {
  const { fields, file } = validate(input);
  if (!(await ctx.captcha.verify(fields.g_recaptcha_response, ip))) {
    throw contactError([{ parameter: 'g_recaptcha_response', errors: ['Human check failed'] }]);
  }

  const uploadDeps = { db: ctx.db, storage: ctx.storage };
  const fileUrl = file ? (await storeFile(uploadDeps, file, { accept: 'any' })).url : null;
  let id: string;
  try {
    const [row] = await ctx.db
      .insert(contactRequests)
      .values({ name: fields.name, email: fields.email, phone: fields.phone, message: fields.message, fileUrl })
      .returning({ id: contactRequests.id });
    id = row.id;
  } catch (err) {
    // Nothing half-written: the file goes again when the request could not be kept.
    if (fileUrl) await collectGarbage(uploadDeps, [fileUrl]);
    throw err;
  }

  const [admin] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!admin) {
    ctx.log.warn({ contactRequestId: id }, 'no admin to tell about a contact request');
    return { id };
  }
  try {
    await ctx.messenger.send({
      channel: 'email',
      to: admin.email,
      subject: `Contact request from ${fields.name}`,
      text: mailText(fields, fileUrl, ctx.publicUrl),
    });
  } catch (err) {
    // The request is stored and listed for the admins; a failed notice must not make the visitor send it again.
    ctx.log.warn({ err, contactRequestId: id }, 'contact request notice not sent');
  }
  return { id };
}
