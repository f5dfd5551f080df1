import { z } from 'zod';

/** SPEC §8 / DESIGN §4 error body. */
export const ZErrorDetail = z.object({ parameter: z.string(), errors: z.array(z.string()) });
export const ZErrorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.array(ZErrorDetail).optional(),
  status: z.enum(['hold', 'active']).optional(),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;
export type TErrorDetail = z.infer<typeof ZErrorDetail>;

export const ZPageMeta = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type TPageMeta = z.infer<typeof ZPageMeta>;

export const okBody = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export const pageBody = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), meta: ZPageMeta });

/** A public record by slug, with the records related to it as cards. */
export const detailBody = <T extends z.ZodType, C extends z.ZodType>(item: T, card: C) =>
  z.object({ success: z.literal(true), data: item, related: z.array(card) });
