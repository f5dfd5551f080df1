import { z } from 'zod';
import { ZEmail, ZName, ZPhone } from './account';

/**
 * SPEC §5 contact form: name, email and phone required, message optional, file optional (sent as a part), and the
 * human-check token. The web recognises a server error by the words "email" and "phone" in it, which the e-mail and
 * phone messages contain (and every error line starts with the field's name).
 */
export const ZContactFields = z.object({
  name: ZName,
  email: ZEmail,
  phone: ZPhone,
  message: z.string().trim().max(5000, 'At most 5000 characters').optional().default(''),
  g_recaptcha_response: z.string().optional(),
});

export type TContactFields = z.infer<typeof ZContactFields>;
