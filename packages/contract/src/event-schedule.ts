import { z } from 'zod';
import { daysBetween, EVENT_LIMITS, isEventDate, type TEventSchedule, weekdayOf, yearsLater } from './event-times';
import { clockMinutes } from './open-now';

/**
 * The schemas of an event's schedule, apart from event-times.ts so the pages that show events (which read schedules,
 * never check them) carry no zod.
 */

const DAY_MINUTES = 1440;

export const ZEventDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date as YYYY-MM-DD', abort: true })
  .refine(isEventDate, 'Must be a real date');

/** A start or end time; the end of a day is the next day's 00:00, so 24:00 is not one. */
const ZEventClock = z.string().refine((v) => clockMinutes(v) < DAY_MINUTES, 'Must be a time as HH:MM (00:00 to 23:59)');

/** Weekly on some weekdays (0 is Sunday), or monthly on the first date's day of the month, up to `until` inclusive. */
export const ZEventRepeat = z.discriminatedUnion('every', [
  z.object({
    every: z.literal('week'),
    days: z
      .array(z.number().int().min(0, 'Must be a weekday, 0 (Sunday) to 6').max(6, 'Must be a weekday, 0 (Sunday) to 6'))
      .min(1, 'Choose at least one day')
      .max(7, 'A week has seven days')
      .refine((days) => new Set(days).size === days.length, 'Each day at most once'),
    until: ZEventDate,
  }),
  z.object({ every: z.literal('month'), until: ZEventDate }),
]);

/**
 * An event's schedule. A null time makes the event all day, at both ends or at neither. It covers at most
 * `EVENT_LIMITS.spanDays` calendar days; a repeat starts on the first date (so a weekly one includes its weekday) and
 * runs at most two years, which bounds the occurrences expanded for any window.
 */
export const ZEventSchedule: z.ZodType<TEventSchedule> = z
  .object({
    startDate: ZEventDate,
    startTime: ZEventClock.nullable(),
    endDate: ZEventDate,
    endTime: ZEventClock.nullable(),
    repeat: ZEventRepeat.nullable(),
  })
  .superRefine((s, ctx) => {
    // A malformed date or time has its own message; compared, it would only add a wrong one.
    if (![s.startDate, s.endDate, s.repeat?.until ?? s.startDate].every(isEventDate)) return;
    if (![s.startTime, s.endTime].every((t) => t === null || clockMinutes(t) < DAY_MINUTES)) return;
    const timed = s.startTime !== null && s.endTime !== null;
    if ((s.startTime === null) !== (s.endTime === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [s.startTime === null ? 'startTime' : 'endTime'],
        message: 'Give both a start and an end time, or neither for an all-day event',
      });
    }
    const start = timed ? `${s.startDate}T${s.startTime}` : s.startDate;
    const end = timed ? `${s.endDate}T${s.endTime}` : s.endDate;
    if (end < start) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Ends before it starts' });
    } else if (daysBetween(s.startDate, s.endDate) >= EVENT_LIMITS.spanDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: `An event lasts at most ${EVENT_LIMITS.spanDays} days`,
      });
    }
    const repeat = s.repeat;
    if (!repeat) return;
    if (repeat.until < s.startDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat', 'until'],
        message: 'Repeats until a date on or after the first date',
      });
    } else if (repeat.until > yearsLater(s.startDate, EVENT_LIMITS.repeatYears)) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat', 'until'],
        message: 'Repeats until a date within two years of the first date',
      });
    }
    if (repeat.every === 'week' && repeat.days.length > 0 && !repeat.days.includes(weekdayOf(s.startDate))) {
      ctx.addIssue({
        code: 'custom',
        path: ['repeat', 'days'],
        message: 'The first date must be one of the repeat days',
      });
    }
  });
