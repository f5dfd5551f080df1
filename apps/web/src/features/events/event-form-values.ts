import { type TEvent, type TEventStatus, ZEventForm } from '@chaupal/contract/events';
import { langTag } from '@chaupal/contract/languages';
import { MESSAGES } from '@chaupal/contract/messages';
import { appendLinksAndFiles } from '../../components/editing/form-shared';
import { publishTimesOf } from '../../components/editing/publish-times';

/** The event form as the dialog holds it: strings as the inputs do, the schedule as flat fields (ZEventForm's). */
export const blankEvent = () => ({
  title: '',
  description: '',
  content: '',
  image: '',
  eventTypeId: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  allDay: false,
  repeat: '' as '' | 'week' | 'month',
  repeatDays: [] as number[],
  repeatUntil: '',
  eventStatus: 'scheduled' as TEventStatus,
  previousStartDate: '',
  /** At an outlet of the directory (`venue`, its id) or somewhere else (the place fields). */
  venueMode: 'place' as 'outlet' | 'place',
  venue: '',
  venue_name: '',
  street_address: '',
  pin_code: '',
  latitude: '',
  longitude: '',
  organiser: '',
  call_now: '',
  whatsapp_no: '',
  website_url: '',
  entry: '',
  registration_url: '',
  language: 'en',
  circles: [] as string[],
  blocks: [] as string[],
  documents: [] as string[],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  slug: '',
  ...publishTimesOf({}),
});
export type TEventValues = ReturnType<typeof blankEvent>;

/** A stored event as form values. */
export function eventValuesOf(o: TEvent): TEventValues {
  const s = o.schedule;
  const place = o.venue === null;
  return {
    title: o.title,
    description: o.description,
    content: o.content,
    image: o.image ?? '',
    eventTypeId: o.eventTypeId ?? o.eventType?.id ?? '',
    startDate: s.startDate,
    startTime: s.startTime ?? '',
    // A one-day event's end date is its start date: the form leaves it blank.
    endDate: s.endDate === s.startDate ? '' : s.endDate,
    endTime: s.endTime ?? '',
    allDay: s.startTime === null,
    repeat: s.repeat?.every ?? '',
    repeatDays: s.repeat?.every === 'week' ? s.repeat.days : [],
    repeatUntil: s.repeat?.until ?? '',
    eventStatus: o.eventStatus,
    previousStartDate: o.previousStartDate ?? '',
    venueMode: place ? 'place' : 'outlet',
    venue: o.venue?.id ?? '',
    // An outlet's place fields are the outlet's own, not the event's.
    venue_name: place ? o.venue_name : '',
    street_address: place ? (o.street_address ?? '') : '',
    pin_code: place ? (o.pin_code ?? '') : '',
    latitude: place && o.latitude !== null ? String(o.latitude) : '',
    longitude: place && o.longitude !== null ? String(o.longitude) : '',
    organiser: o.organiser,
    call_now: o.call_now ?? '',
    whatsapp_no: o.whatsapp_no ?? '',
    website_url: o.website_url ?? '',
    entry: o.entry ?? '',
    registration_url: o.registration_url ?? '',
    // A language stored as a name (API clients, older records) selects its option.
    language: langTag(o.language) ?? o.language,
    circles: o.circles.map((c) => c.id),
    blocks: o.blocks.map((b) => b.id),
    documents: o.documents,
    metaTitle: o.metaTitle,
    metaDescription: o.metaDescription,
    metaKeywords: o.metaKeywords,
    slug: o.slug,
    ...publishTimesOf(o),
  };
}

/** The single-valued fields the API takes, as the form sends them: what a hidden part of the form holds is not sent. */
export function eventFields(v: TEventValues) {
  const outlet = v.venueMode === 'outlet';
  const times = !v.allDay;
  return {
    title: v.title,
    description: v.description,
    content: v.content,
    image: v.image,
    eventTypeId: v.eventTypeId,
    startDate: v.startDate,
    startTime: times ? v.startTime : '',
    endDate: v.endDate,
    endTime: times ? v.endTime : '',
    repeat: v.repeat,
    repeatUntil: v.repeat ? v.repeatUntil : '',
    eventStatus: v.eventStatus,
    previousStartDate: v.eventStatus === 'postponed' ? v.previousStartDate : '',
    venue: outlet ? v.venue : '',
    venue_name: outlet ? '' : v.venue_name,
    street_address: outlet ? '' : v.street_address,
    pin_code: outlet ? '' : v.pin_code,
    latitude: outlet ? '' : v.latitude,
    longitude: outlet ? '' : v.longitude,
    organiser: v.organiser,
    call_now: v.call_now,
    whatsapp_no: v.whatsapp_no,
    website_url: v.website_url,
    entry: v.entry,
    registration_url: v.registration_url,
    language: v.language,
    metaTitle: v.metaTitle,
    metaDescription: v.metaDescription,
    metaKeywords: v.metaKeywords,
    publish_at: v.publish_at,
    unpublish_at: v.unpublish_at,
  };
}

const repeatDaysOf = (v: TEventValues) => (v.repeat === 'week' ? v.repeatDays : []);

/**
 * The form's errors by field, from the contract's schema and what the form asks beyond it: a time on each end unless
 * the event is all day (the schema reads no times as all day), and an outlet when the venue is one. Empty when valid.
 */
export function eventFormErrors(v: TEventValues, blocks: string[], editing: boolean): Record<string, string> {
  const parsed = ZEventForm.safeParse({
    ...eventFields(v),
    repeatDays: repeatDaysOf(v),
    circles: v.circles,
    blocks,
    documents: [],
    deleteDocuments: [],
    slug: editing ? v.slug : undefined,
  });
  const errors: Record<string, string> = {};
  for (const i of parsed.success ? [] : parsed.error.issues)
    errors[eventFieldOf(i.path.map(String).join('.'))] ??= i.message;
  if (!v.allDay && !v.startTime) errors.startTime ??= MESSAGES.required;
  if (!v.allDay && !v.endTime) errors.endTime ??= MESSAGES.required;
  if (v.venueMode === 'outlet' && !v.venue) errors.venue ??= MESSAGES.required;
  return errors;
}

/**
 * The form field an error names: the schema's and the server's parameters (`repeatDays[]`, the schedule's own paths
 * such as `schedule.repeat.until`, `eventType`) land under the control that sets them.
 */
export function eventFieldOf(parameter: string): string {
  const path = parameter.replace(/\[\d*\]/g, '').replace(/^schedule\./, '');
  if (path.startsWith('repeat.until')) return 'repeatUntil';
  if (path.startsWith('repeat.days') || path.startsWith('repeatDays')) return 'repeatDays';
  if (path === 'eventType') return 'eventTypeId';
  return path.split('.')[0];
}

/** The multipart body of a create (no original) or edit, as the other content forms send theirs. */
export function eventFormData(
  v: TEventValues,
  blocks: string[],
  original: { image: string; documents: string[] } | null,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(eventFields(v))) form.append(name, value);
  for (const day of repeatDaysOf(v)) form.append('repeatDays[]', String(day));
  appendLinksAndFiles(form, { ...v, blocks }, original ? { original, deleteField: 'deleteImage' } : null);
  return form;
}
