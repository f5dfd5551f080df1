import {
  MESSAGES,
  okBody,
  VERIFICATION_TYPE,
  ZErrorBody,
  ZTokenRequestBody,
  ZTokenValidateBody,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { findByUserName } from '../account/account.service';
import { type CodeContext, requestCode, type TVerificationType, validateCode } from './verification.service';

const errors = { 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const OTP_SENT = 'OTP Send Successfully';

/** SPEC §7: one-time codes for e-mail (1), phone (2) and password reset (3). */
export const verificationRoutes =
  (codes: CodeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { perIp, perAccount } = app.limiters;

    app.post(
      '/user/verification/token/request',
      {
        preHandler: [
          perIp('code-request', RATE_LIMITS.codeRequest.ip),
          perAccount(
            'code-request',
            RATE_LIMITS.codeRequest.account,
            (req) => (req.body as { userName?: string })?.userName,
          ),
        ],
        schema: {
          tags: ['account'],
          summary: 'Send a code (a code under 60 s old is reused: "OTP Already Sent")',
          body: ZTokenRequestBody,
          response: { 200: okBody(z.object({ verificationId: z.string(), userId: z.string().optional() })), ...errors },
        },
      },
      async (req) => {
        const type = req.body.verificationType as TVerificationType;
        const user = await findByUserName(app.db, req.body.userName);
        if (!user) {
          throw new AppError('NOT_FOUND', 'No account has that e-mail or phone.', [
            { parameter: 'userName', errors: ['No account has that e-mail or phone'] },
          ]);
        }
        if (user.status === 'hold') throw new AppError('FORBIDDEN', 'This account is on hold.', undefined, 'hold');
        const verified =
          type === VERIFICATION_TYPE.email
            ? user.emailVerified
            : type === VERIFICATION_TYPE.phone
              ? user.phoneVerified
              : false;
        if (verified) {
          throw new AppError('BAD_REQUEST', 'Already verified.', [
            { parameter: 'verificationType', errors: ['Already verified'] },
          ]);
        }
        // A reset code goes to the channel the user named.
        const target =
          type === VERIFICATION_TYPE.passwordReset
            ? req.body.userName.includes('@')
              ? user.email
              : user.phone
            : undefined;
        const { verificationId, alreadySent } = await requestCode(codes, user, type, target);
        return {
          success: true as const,
          data: { verificationId, ...(type === VERIFICATION_TYPE.passwordReset ? { userId: user.id } : {}) },
          message: alreadySent ? MESSAGES.otpAlreadySent : OTP_SENT,
        };
      },
    );

    app.post(
      '/user/verification/token/validate',
      {
        preHandler: [
          perIp('code-validate', RATE_LIMITS.codeValidate.ip),
          perAccount(
            'code-validate',
            RATE_LIMITS.codeValidate.account,
            (req) => (req.body as { userId?: string })?.userId,
          ),
        ],
        schema: {
          tags: ['account'],
          summary: 'Check a code; five wrong tries kill it',
          body: ZTokenValidateBody,
          response: { 200: okBody(z.object({ verificationType: z.number() })), ...errors },
        },
      },
      async (req) => {
        const { type } = await validateCode(codes, req.body);
        return { success: true as const, data: { verificationType: type }, message: MESSAGES.verificationSuccess };
      },
    );
  };
