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
import { findByUserName } from '../../platform/auth';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { Decoys } from './decoys';
import { type CodeContext, requestCodeByName, type TVerificationType, validateCode } from './verification.service';

const errors = { 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const OTP_SENT = 'OTP Send Successfully';

/** SPEC §7: one-time codes for e-mail (1), phone (2) and password reset (3). */
export const verificationRoutes =
  (codes: CodeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { perIp, perAccount } = app.limiters;
    const decoys = new Decoys(codes.secret);

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
          summary:
            'Send a code (a code under 60 s old is reused: "OTP Already Sent"). The answer is the same whether or not the name is an account, held, or already verified; only an account that can use the code gets one',
          body: ZTokenRequestBody,
          response: { 200: okBody(z.object({ verificationId: z.string(), userId: z.string().optional() })), ...errors },
        },
      },
      async (req) => {
        const type = req.body.verificationType as TVerificationType;
        const user = await findByUserName(app.db, req.body.userName);
        const sent = await requestCodeByName({ ...codes, decoys }, { userName: req.body.userName, type, user });
        return {
          success: true as const,
          data: {
            verificationId: sent.verificationId,
            ...(type === VERIFICATION_TYPE.passwordReset ? { userId: sent.userId } : {}),
          },
          message: sent.alreadySent ? MESSAGES.otpAlreadySent : OTP_SENT,
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
        const { type } = await validateCode({ ...codes, decoys }, req.body);
        return { success: true as const, data: { verificationType: type }, message: MESSAGES.verificationSuccess };
      },
    );
  };
