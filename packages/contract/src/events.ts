import { z } from 'zod';
import { checkSchedule, formFields } from './content-forms';
import { ZNamedRef, ZTitledRef } from './entities';
import { ZEventDate, ZEventSchedule } from './event-schedule';
import { checkPin, placeFormFields, placeRecordFields } from './place';
import { contentListBase, ZRefParam } from './queries';

/**
 * Events: what is on in town (a mela, a health camp, a weekly market, a ward meeting), filed under an event type. The
 * record carries its schedule (event-times.ts); the occurrence on now or next is worked out when it is read.
 */

/** Whether it still happens: cancelled and postponed events stay listed, said plainly. */
export const EVENT_STATUSES = ['scheduled', 'cancelled', 'postponed'] as const;
export type TEventStatus = (typeof EVENT_STATUSES)[number];

/** The listing windows of `/events`: upcoming (the default), today, this weekend, this week, or the past archive. */
export const EVENT_WHEN = ['upcoming', 'today', 'weekend', 'week', 'past'] as const;
export type TEventWhen = (typeof EVENT_WHEN)[number];

const ZOccurrence = z.object({ start: z.string(), end: z.string(), allDay: z.boolean() });

const eventCommon = {
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  /** The summary a card shows. */
  description: z.string(),
  status: z.string(),
  userId: z.string(),
  createdBy: z.object({ status: z.string() }),
  circles: z.array(ZNamedRef),
  blocks: z.array(ZNamedRef),
  documents: z.array(z.string()),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeywords: z.string(),
  /** "Publish at" and "Unpublish at" (decision 032); null: no such time. */
  publish_at: z.string().nullable().optional(),
  unpublish_at: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZEvent = z.object({
  ...eventCommon,
  /** The rich description (sanitized HTML). */
  content: z.string(),
  image: z.string().nullable(),
  eventType: ZTitledRef.nullable(),
  eventTypeId: z.string().nullable(),
  schedule: ZEventSchedule,
  /** The occurrence on now or next to start when the record was read; null once every occurrence has ended. */
  next: ZOccurrence.nullable(),
  eventStatus: z.enum(EVENT_STATUSES),
  /** A postponed event's first date before it moved (its schedule holds the new one). */
  previousStartDate: z.string().nullable(),
  /** The venue when it is an outlet in the directory; its place fields are then the outlet's. */
  venue: ZTitledRef.nullable(),
  venue_name: z.string(),
  ...placeRecordFields,
  organiser: z.string(),
  call_now: z.string().nullable(),
  whatsapp_no: z.string().nullable(),
  website_url: z.string().nullable(),
  /** What entry costs in the organiser's words ("₹50"); null when entry is free. */
  entry: z.string().nullable(),
  registration_url: z.string().nullable(),
  language: z.string(),
});

export const ZEventCard = ZEvent.pick({
  id: true,
  slug: true,
  title: true,
  description: true,
  image: true,
  schedule: true,
  next: true,
  eventStatus: true,
  previousStartDate: true,
  venue_name: true,
  street_address: true,
  entry: true,
  language: true,
});

export type TEvent = z.infer<typeof ZEvent>;
export type TEventCard = z.infer<typeof ZEventCard>;

const { text, requiredText, flag, optionalUrl, optionalCallNumber, common, scheduled } = formFields;
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalDate = z.preprocess(blank, ZEventDate.optional());
const optionalClock = z.preprocess(
  blank,
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time as HH:MM (00:00 to 23:59)')
    .optional(),
);
/** Weekdays as `repeatDays[]` values, 0 (Sunday) to 6. */
const weekdays = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : [v].flat().map((d) => (typeof d === 'string' ? Number(d) : d))),
  z.array(z.number().int().min(0).max(6)).max(7),
);

/** Where the schedule's own messages land on the flat form. */
const SCHEDULE_FIELDS: Record<string, string> = {
  startDate: 'startDate',
  startTime: 'startTime',
  endDate: 'endDate',
  endTime: 'endTime',
  'repeat.until': 'repeatUntil',
  'repeat.days': 'repeatDays',
};

/**
 * The contributor's event form (multipart or JSON, like every content form). The schedule comes as flat fields: a
 * start date and optional times (no times: all day), an end date (the start date when blank), and an optional repeat:
 * `week` on `repeatDays` or `month` on the start date's day, until `repeatUntil`. The venue is an outlet (`venue`, its
 * id or slug) or the place fields.
 */
export const ZEventForm = z
  .object({
    ...common,
    description: requiredText(300),
    content: text(200_000),
    image: text(2000),
    deleteImage: flag,
    eventTypeId: requiredText(200),
    startDate: ZEventDate,
    startTime: optionalClock,
    endDate: optionalDate,
    endTime: optionalClock,
    repeat: z.preprocess(blank, z.enum(['week', 'month'], 'Must be week or month').optional()),
    repeatDays: weekdays,
    repeatUntil: optionalDate,
    eventStatus: z.preprocess(blank, z.enum(EVENT_STATUSES).default('scheduled')),
    previousStartDate: optionalDate,
    venue: z.preprocess(blank, ZRefParam),
    venue_name: text(200),
    street_address: placeFormFields.street_address,
    pin_code: placeFormFields.pin_code,
    latitude: placeFormFields.latitude,
    longitude: placeFormFields.longitude,
    organiser: text(200),
    call_now: optionalCallNumber,
    whatsapp_no: optionalCallNumber,
    website_url: optionalUrl,
    entry: text(100),
    registration_url: optionalUrl,
    language: requiredText(40),
    ...scheduled,
  })
  .superRefine(checkPin)
  .superRefine(checkSchedule)
  .transform((f, ctx) => {
    if (f.repeat && !f.repeatUntil) {
      ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: 'Say until when it repeats' });
    }
    if (f.eventStatus === 'postponed' && !f.previousStartDate) {
      ctx.addIssue({ code: 'custom', path: ['previousStartDate'], message: 'Give the date it was planned for' });
    }
    const repeat =
      f.repeat === 'week'
        ? { every: 'week' as const, days: f.repeatDays.length ? f.repeatDays : [], until: f.repeatUntil ?? '' }
        : f.repeat === 'month'
          ? { every: 'month' as const, until: f.repeatUntil ?? '' }
          : null;
    const parsed = ZEventSchedule.safeParse({
      startDate: f.startDate,
      startTime: f.startTime ?? null,
      endDate: f.endDate ?? f.startDate,
      endTime: f.endTime ?? null,
      repeat,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = SCHEDULE_FIELDS[issue.path.join('.')] ?? 'startDate';
        // A missing repeat date is said once, above.
        if (field === 'repeatUntil' && !f.repeatUntil) continue;
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      return z.NEVER;
    }
    return { ...f, schedule: parsed.data };
  });
export type TEventForm = z.infer<typeof ZEventForm>;

/**
 * The public list: upcoming first (`when=upcoming`, the default), a window (`today`, `weekend`, `week`), a date range
 * (`from` and `to`, whole days in the site's zone) or the archive of ended events (`when=past`, latest first).
 */
export const ZEventListQuery = z
  .object({
    ...contentListBase,
    eventType: ZRefParam,
    when: z.preprocess(blank, z.enum(EVENT_WHEN).optional()),
    from: optionalDate,
    to: optionalDate,
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'Give both from and to, or neither' });
    }
  });
export type TEventListQuery = z.infer<typeof ZEventListQuery>;
