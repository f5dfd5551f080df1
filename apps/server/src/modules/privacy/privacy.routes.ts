import { okBody, ZAccountDeleteBody, ZDeletionCode, ZErrorBody, ZPersonalData } from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { RATE_LIMITS } from '../../platform/rate-limit';
import type { CodeContext } from '../verification';
import { deleteAccount, sendDeletionCode } from './account-deletion.service';
import { exportPersonalData } from './personal-data.service';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const bearer = [{ bearer: [] }];
const OTP_SENT = 'OTP Send Successfully';
export const ACCOUNT_DELETED = 'Account Deleted';

/** A person's own data — download it, delete the account (decision 017). */
export const privacyRoutes =
  (codes: CodeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { perIp } = app.limiters;

    app.get(
      '/user/profile/data',
      {
        preHandler: app.requireAccount,
        schema: {
          tags: ['account'],
          summary:
            'Download my data: the profile, consent records, login history, every record of the person with its documents, and their uploads',
          security: bearer,
          response: { 200: okBody(ZPersonalData), ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await exportPersonalData(app.db, accountOfRequest(req)) };
      },
    );

    app.post(
      '/user/profile/delete/code',
      {
        preHandler: [perIp('code-request', RATE_LIMITS.codeRequest.ip), app.requireAccount],
        schema: {
          tags: ['account'],
          summary:
            "Send a one-time code to the account's e-mail to confirm deleting it (a code under 60 s old is reused); 409 for an admin account",
          security: bearer,
          response: { 200: okBody(ZDeletionCode), ...errors },
        },
      },
      async (req) => ({
        success: true as const,
        data: await sendDeletionCode(codes, accountOfRequest(req)),
        message: OTP_SENT,
      }),
    );

    app.post(
      '/user/profile/delete',
      {
        preHandler: [perIp('code-validate', RATE_LIMITS.codeValidate.ip), app.requireAccount],
        schema: {
          tags: ['account'],
          summary:
            "Delete my account with the e-mailed code: its records are removed or, by the site's privacy setting, kept anonymised; its files removed; every token of it stops working at once",
          security: bearer,
          body: ZAccountDeleteBody,
          response: {
            200: z.object({
              success: z.literal(true),
              message: z.string(),
              data: z.object({ mode: z.enum(['remove', 'anonymise']), filesRemoved: z.number().int() }),
            }),
            ...errors,
          },
        },
      },
      async (req) => {
        const ctx = {
          ...codes,
          storage: app.storage,
          publicWrites: app.publicWrites,
          warn: (err: unknown, urls: string[]) => req.log.warn({ err, urls }, 'could not remove unreferenced files'),
        };
        const { mode, filesRemoved } = await deleteAccount(ctx, accountOfRequest(req), req.body);
        return { success: true as const, message: ACCOUNT_DELETED, data: { mode, filesRemoved } };
      },
    );
  };
