import { z } from 'zod';
import { clockMinutes, type TOpeningHours, WEEK } from './open-now';

/** Limits of a listing's opening hours. */
export const HOURS_LIMITS = { rangesPerDay: 4, exceptions: 60, noteMax: 100 } as const;

const ZClock = z.string().refine((v) => !Number.isNaN(clockMinutes(v)), 'Must be a time as HH:MM (00:00 to 24:00)');

const ZTimeRange = z
  .object({ open: ZClock, close: ZClock })
  .refine((r) => r.open !== r.close, { message: 'Opening and closing times must differ', path: ['close'] })
  .refine((r) => r.open !== '24:00', { message: 'A day opens at 23:59 at the latest', path: ['open'] });

/** Minutes of the day a range covers (a range past midnight runs to the end of this day here). */
const span = (r: { open: string; close: string }): [number, number] => {
  const open = clockMinutes(r.open);
  const close = clockMinutes(r.close);
  return [open, close <= open ? 1440 : close];
};

/** A day's ranges: at most four, none overlapping another. */
const ZDayRanges = z
  .array(ZTimeRange)
  .max(HOURS_LIMITS.rangesPerDay, `At most ${HOURS_LIMITS.rangesPerDay} time ranges a day`)
  .superRefine((ranges, ctx) => {
    const spans = ranges.map(span).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) {
      if (spans[i][0] < spans[i - 1][1]) {
        ctx.addIssue({ code: 'custom', message: 'Time ranges of a day must not overlap' });
        return;
      }
    }
  });

const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, 'Must be a real date');

const ZHoursException = z.object({
  date: ZIsoDate,
  /** Empty: closed all day. */
  ranges: ZDayRanges,
  note: z.string().trim().max(HOURS_LIMITS.noteMax, `Must be at most ${HOURS_LIMITS.noteMax} characters`).optional(),
});

export const ZWeeklyHours = z.object(Object.fromEntries(WEEK.map((d) => [d, ZDayRanges.optional()]))) as z.ZodType<
  TOpeningHours['weekly']
>;

/** A listing's weekly hours and dated exceptions; each date at most once. */
export const ZOpeningHours = z
  .object({
    weekly: ZWeeklyHours,
    exceptions: z
      .array(ZHoursException)
      .max(HOURS_LIMITS.exceptions, `At most ${HOURS_LIMITS.exceptions} exceptions`)
      .default([]),
  })
  .superRefine((h, ctx) => {
    const seen = new Set<string>();
    h.exceptions.forEach((e, i) => {
      if (seen.has(e.date)) {
        ctx.addIssue({ code: 'custom', path: ['exceptions', i, 'date'], message: 'Each date may have one exception' });
      }
      seen.add(e.date);
    });
  });
export type TOpeningHoursInput = z.input<typeof ZOpeningHours>;
