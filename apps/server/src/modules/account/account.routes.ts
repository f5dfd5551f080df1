import {
  MESSAGES,
  okBody,
  ZErrorBody,
  ZIdParams,
  ZLoginBody,
  ZPasswordResetBody,
  ZProfileUpdateBody,
  ZRegisterBody,
  ZUser,
} from '@chaupal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOfRequest } from '../../platform/auth';
import { dummyHash } from '../../platform/passwords';
import { RATE_LIMITS } from '../../platform/rate-limit';
import type { CodeContext } from '../verification';
import { login, register, resetPassword, SignInLocked, updateProfile, viewProfile } from './account.service';
import { knownDeviceCookie, readKnownDevice } from './known-device';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const bearer = [{ bearer: [] }];

/** SPEC §7 "Account". */
export const accountRoutes =
  (codes: CodeContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { perIp, perAccount } = app.limiters;
    const deviceOf = (req: { headers: { cookie?: string } }) => readKnownDevice(codes.secret, req.headers.cookie);
    // Made before the first request, so a sign-in for a missing account never costs a hash and a check.
    await dummyHash();

    app.post(
      '/login',
      {
        preHandler: [
          perIp('login', RATE_LIMITS.login.ip),
          // A known device has a per-minute budget of its own, so strangers' requests for the account cannot use
          // up the owner's; its random id is never shown, so no typed user name can count against it.
          perAccount('login', RATE_LIMITS.login.account, (req) => {
            const device = deviceOf(req);
            return device ? `device:${device.deviceId}` : (req.body as { userName?: string })?.userName;
          }),
        ],
        schema: {
          tags: ['account'],
          summary:
            'Sign in with e-mail or phone; an unverified account signs in with its flags false. 10 wrong passwords for one account in 15 minutes lock its sign-in for 15 minutes (429, Retry-After), whatever the address, except from a device that signed in to it before (the HttpOnly cookie `chaupal_device` a sign-in sets), whose own 10 wrong passwords lock only that device',
          body: ZLoginBody,
          response: { 200: okBody(ZUser).extend({ token: z.string() }), ...errors },
        },
      },
      async (req, reply) => {
        const ctx = {
          db: app.db,
          messenger: app.messenger,
          noAccount: app.limiters.loginFailures,
          knownDevices: app.limiters.knownDeviceFailures,
          device: deviceOf(req),
          userAgent: req.headers['user-agent'],
          warn: (err: unknown) => req.log.warn({ err }, 'could not send the sign-in lock notice'),
        };
        const { user, tokenVersion } = await login(ctx, req.body.userName, req.body.password).catch((err) => {
          if (err instanceof SignInLocked) reply.header('retry-after', err.retryAfterS);
          throw err;
        });
        const token = await app.tokens.issue({ id: user.id, tokenVersion });
        reply.header(
          'set-cookie',
          knownDeviceCookie(
            codes.secret,
            { id: user.id, tokenVersion },
            { path: req.routeOptions.url ?? req.url, secure: app.config.publicUrl.startsWith('https:') },
          ),
        );
        return { success: true as const, data: user, token, message: MESSAGES.loginSuccess };
      },
    );

    app.post(
      '/user/customer/register',
      {
        preHandler: [perIp('register', RATE_LIMITS.register.ip)],
        schema: {
          tags: ['account'],
          summary: 'Register; a code goes to the e-mail and one to the phone',
          body: ZRegisterBody,
          response: {
            200: okBody(
              z.object({
                emailVerficationId: z.string(),
                phoneVerficationId: z.string(),
                user: z.object({ id: z.string(), email: z.string() }),
              }),
            ),
            ...errors,
          },
        },
      },
      async (req) => ({
        success: true as const,
        data: await register(codes, req.body),
        message: MESSAGES.registerSuccess,
      }),
    );

    app.put(
      '/user/:id/password/reset',
      {
        preHandler: [perIp('code-validate', RATE_LIMITS.codeValidate.ip)],
        schema: {
          tags: ['account'],
          summary: 'Set a new password with a validated password-reset code (type 3)',
          params: ZIdParams,
          body: ZPasswordResetBody,
          response: { 200: z.object({ success: z.literal(true), message: z.string() }), ...errors },
        },
      },
      async (req) => {
        await app.db.transaction((tx) =>
          resetPassword({ ...codes, db: tx }, req.params.id, req.body.verificationId, req.body.password),
        );
        return { success: true as const, message: MESSAGES.updatedSuccess };
      },
    );

    app.get(
      '/user/profile/view',
      {
        preHandler: app.requireAccount,
        schema: {
          tags: ['account'],
          summary: 'The signed-in profile',
          security: bearer,
          response: { 200: okBody(ZUser), ...errors },
        },
      },
      async (req) => ({ success: true as const, data: await viewProfile(app.db, accountOfRequest(req)) }),
    );

    app.put(
      '/user/profile/update',
      {
        preHandler: app.requireAccount,
        schema: {
          tags: ['account'],
          summary: 'Update the profile; a changed e-mail or phone must be verified again',
          security: bearer,
          body: ZProfileUpdateBody,
          response: { 200: okBody(ZUser).extend({ token: z.string().optional() }), ...errors },
        },
      },
      async (req) => {
        const { user, newTokenVersion } = await updateProfile(codes, accountOfRequest(req), req.body);
        // A new password revokes earlier tokens; the session that changed it gets a fresh one.
        const token =
          newTokenVersion === undefined
            ? undefined
            : await app.tokens.issue({ id: user.id, tokenVersion: newTokenVersion });
        return { success: true as const, data: user, message: MESSAGES.updatedSuccess, ...(token ? { token } : {}) };
      },
    );
  };
