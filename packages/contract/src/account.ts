import { z } from 'zod';
import { ROLES } from './enums';
import { MESSAGES } from './messages';

/** SPEC §5: 6 to 20 characters with at least one digit, one lowercase and one uppercase letter. */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{6,20}$/;
export const ZPassword = z.string({ error: MESSAGES.required }).regex(PASSWORD_RULE, MESSAGES.passwordRule);

/** E.164 after spaces, dashes and brackets are removed; 10 bare digits are an Indian number (+91). */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s()-]/g, '');
  if (/^\d{10}$/.test(compact)) return `+91${compact}`;
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  return null;
}

export const ZPhone = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .transform((v, ctx) => {
    const phone = normalisePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.phoneNotValid('+91 9876543210') });
      return z.NEVER;
    }
    return phone;
  });

export const ZEmail = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(254)
  .pipe(z.email('Email address is not valid'))
  .transform((v) => v.toLowerCase());

export const ZName = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(100);

export const ZRegisterBody = z
  .object({
    name: ZName,
    email: ZEmail,
    phone: ZPhone,
    password: ZPassword,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const ZLoginBody = z.object({
  userName: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(254),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200),
});

export const ZTokenRequestBody = z.object({
  userName: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(254),
  verificationType: z.coerce
    .number({ error: 'Must be 1, 2 or 3' })
    .int()
    .refine((v) => v === 1 || v === 2 || v === 3, 'Must be 1, 2 or 3'),
});

export const ZTokenValidateBody = z.object({
  userId: z.string({ error: MESSAGES.required }).uuid('Unknown user'),
  verificationId: z.string({ error: MESSAGES.required }).uuid('Unknown verification'),
  /** A blank token is sent as an empty string (SPEC §5) and is an invalid token, not a missing field. */
  token: z.string().max(20).optional().default(''),
});

export const ZPasswordResetBody = z
  .object({
    verificationId: z.string({ error: MESSAGES.required }).uuid('Unknown verification'),
    password: ZPassword,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const ZProfileUpdateBody = z
  .object({
    name: ZName,
    email: ZEmail,
    phone: ZPhone,
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZPassword.optional()),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.password === undefined || v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  status: z.enum(['active', 'hold']),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  verifications: z.object({
    email: z.object({ id: z.string() }).nullable(),
    phone: z.object({ id: z.string() }).nullable(),
  }),
});

export type TUser = z.infer<typeof ZUser>;
export type TRegisterBody = z.infer<typeof ZRegisterBody>;
export type TProfileUpdateBody = z.infer<typeof ZProfileUpdateBody>;
