import { describe, expect, it } from 'vitest';
import {
  blankEvent,
  eventFieldOf,
  eventFormData,
  eventFormErrors,
  eventValuesOf,
  type TEventValues,
} from './event-form-values';
import { buildEvent } from './test-kit';

/** A form filled in as a contributor would: a one-evening health camp at a place of its own. */
const filled = (over: Partial<TEventValues> = {}): TEventValues => ({
  ...blankEvent(),
  title: 'Free eye camp',
  description: 'Eye tests and glasses',
  eventTypeId: 't1',
  startDate: '2026-11-29',
  startTime: '17:00',
  endTime: '20:00',
  circles: ['c1'],
  blocks: ['b1'],
  ...over,
});
const errorsOf = (v: TEventValues) => eventFormErrors(v, v.blocks, false);

describe('the event form’s errors', () => {
  it('puts the contract’s messages and the form’s own under the fields of an empty form', () => {
    expect(errorsOf(blankEvent())).toEqual({
      title: 'Required',
      description: 'Required',
      eventTypeId: 'Required',
      startDate: 'Must be a date as YYYY-MM-DD',
      startTime: 'Required',
      endTime: 'Required',
      circles: 'Required',
      blocks: 'Required',
    });
  });

  it('asks no times of an all-day event, and an outlet of a venue that is one', () => {
    expect(errorsOf(filled({ allDay: true, startTime: '', endTime: '' }))).toEqual({});
    expect(errorsOf(filled({ venueMode: 'outlet' }))).toEqual({ venue: 'Required' });
    expect(errorsOf(filled({ venueMode: 'outlet', venue: 'o1' }))).toEqual({});
  });

  it('lands the schedule’s messages under the controls that set them', () => {
    expect(errorsOf(filled({ repeat: 'week', repeatDays: [6] }))).toEqual({ repeatUntil: 'Say until when it repeats' });
    // 29 November 2026 is a Sunday.
    expect(errorsOf(filled({ repeat: 'week', repeatDays: [6], repeatUntil: '2027-01-30' }))).toEqual({
      repeatDays: 'The first date must be one of the repeat days',
    });
    expect(errorsOf(filled({ repeat: 'week', repeatDays: [], repeatUntil: '2027-01-30' }))).toEqual({
      repeatDays: 'Choose at least one day',
    });
    expect(errorsOf(filled({ repeat: 'month', repeatUntil: '2029-12-01' }))).toEqual({
      repeatUntil: 'Repeats until a date within two years of the first date',
    });
    expect(errorsOf(filled({ endDate: '2026-11-28' }))).toEqual({ endDate: 'Ends before it starts' });
    expect(errorsOf(filled({ eventStatus: 'postponed' }))).toEqual({
      previousStartDate: 'Give the date it was planned for',
    });
  });

  it('checks the organiser’s numbers and links as the other forms do', () => {
    expect(errorsOf(filled({ call_now: '12345', registration_url: 'javascript:alert(1)' }))).toEqual({
      call_now: 'Invalid No',
      registration_url: 'Url is not valid',
    });
    expect(errorsOf(filled({ latitude: '26.8' }))).toEqual({
      longitude: 'Give both latitude and longitude, or neither',
    });
  });

  it('takes a stored event back as values that pass', () => {
    const v = eventValuesOf(buildEvent());
    expect(v).toMatchObject({
      startDate: '2026-11-28',
      endDate: '',
      allDay: false,
      repeat: 'week',
      repeatDays: [6],
      repeatUntil: '2027-01-30',
      venueMode: 'place',
      latitude: '27.5706',
    });
    expect(eventFormErrors(v, v.blocks, true)).toEqual({});
    const atOutlet = eventValuesOf(
      buildEvent({ venue: { id: 'o1', title: 'Corner Chemist', slug: 'corner-chemist' } }),
    );
    expect(atOutlet).toMatchObject({ venueMode: 'outlet', venue: 'o1', venue_name: '', street_address: '' });
  });
});

describe('eventFieldOf', () => {
  it('names the control of a server’s parameter', () => {
    expect(
      ['schedule.repeat.until', 'repeat.days.0', 'repeatDays[]', 'schedule.startDate', 'eventType', 'circles[]'].map(
        eventFieldOf,
      ),
    ).toEqual(['repeatUntil', 'repeatDays', 'repeatDays', 'startDate', 'eventTypeId', 'circles']);
  });
});

describe('eventFormData', () => {
  const sent = (form: FormData) => [...form.entries()].filter(([, v]) => v !== '');

  it('sends the flat schedule, the repeat’s days and what the visible part of the form holds', () => {
    const form = eventFormData(
      filled({
        allDay: true,
        repeat: 'week',
        repeatDays: [0],
        repeatUntil: '2027-01-31',
        venueMode: 'outlet',
        venue: 'o1',
        venue_name: 'Typed before choosing the outlet',
      }),
      ['b1'],
      null,
    );
    expect(sent(form)).toEqual([
      ['title', 'Free eye camp'],
      ['description', 'Eye tests and glasses'],
      ['eventTypeId', 't1'],
      ['startDate', '2026-11-29'],
      ['repeat', 'week'],
      ['repeatUntil', '2027-01-31'],
      ['eventStatus', 'scheduled'],
      ['venue', 'o1'],
      ['language', 'en'],
      ['repeatDays[]', '0'],
      ['circles[]', 'c1'],
      ['blocks[]', 'b1'],
    ]);
  });

  it('on edit, says the image and documents removed and sends the slug', () => {
    const v = { ...eventValuesOf(buildEvent({ documents: ['/uploads/map.pdf'] })), image: '', documents: [] };
    const form = eventFormData(v, v.blocks, { image: '/uploads/haat.jpg', documents: ['/uploads/map.pdf'] });
    expect(form.get('deleteImage')).toBe('true');
    expect(form.getAll('deleteDocuments[]')).toEqual(['/uploads/map.pdf']);
    expect(form.get('slug')).toBe('saturday-haat');
    expect(form.getAll('repeatDays[]')).toEqual(['6']);
    expect(form.get('startTime')).toBe('10:00');
  });
});
