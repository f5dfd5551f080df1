import { describe, expect, it } from 'vitest';
import { changedInputs, suggestInputsOf, type TSuggestable } from './suggest-values';

/** What the suggest-an-edit form sends: only the details a visitor changed, compared as the API compares them. */
const listing = (over: Partial<TSuggestable> = {}): TSuggestable => ({
  call_now: '+919876543210',
  whatsapp_no: null,
  street_address: 'Station Road',
  pin_code: '261001',
  opening_hours: { weekly: { mon: [{ open: '09:00', close: '18:00' }] }, exceptions: [] },
  latitude: 27.5706,
  longitude: 80.6982,
  closed_at: null,
  ...over,
});

describe('suggestInputsOf', () => {
  it('holds the listing as the form does: text, hours as JSON, the pin as two numbers, closed as a tick', () => {
    expect(suggestInputsOf(listing())).toEqual({
      call_now: '+919876543210',
      whatsapp_no: '',
      street_address: 'Station Road',
      pin_code: '261001',
      opening_hours: '{"weekly":{"mon":[{"open":"09:00","close":"18:00"}]},"exceptions":[]}',
      latitude: '27.5706',
      longitude: '80.6982',
      closed: '',
    });
    expect(suggestInputsOf(listing({ closed_at: '2026-11-01T00:00:00.000Z', opening_hours: null }))).toMatchObject({
      opening_hours: '',
      closed: 'true',
    });
  });
});

describe('changedInputs', () => {
  const original = suggestInputsOf(listing());

  it('sends nothing when the form is sent as it was filled', () => {
    expect(changedInputs(original, { ...original })).toEqual({});
  });

  it('sends only the details that changed', () => {
    expect(changedInputs(original, { ...original, whatsapp_no: '98765 11111', pin_code: '261002' })).toEqual({
      whatsapp_no: '98765 11111',
      pin_code: '261002',
    });
  });

  it('reads a phone, a PIN code and an address however they are spaced, as the API does', () => {
    const respaced = {
      ...original,
      call_now: '98765 43210',
      pin_code: '261 001',
      street_address: '  Station   Road ',
    };
    expect(changedInputs(original, respaced)).toEqual({});
  });

  it('compares hours by what they say, not by how their JSON is ordered or empty days are written', () => {
    const same = '{"exceptions":[],"weekly":{"tue":[],"mon":[{"open":"09:00","close":"18:00"}]}}';
    expect(changedInputs(original, { ...original, opening_hours: same })).toEqual({});
    const later = '{"weekly":{"mon":[{"open":"10:00","close":"18:00"}]},"exceptions":[]}';
    expect(changedInputs(original, { ...original, opening_hours: later })).toEqual({ opening_hours: later });
  });

  it('sends the pin whole when either coordinate moved, and never half of it', () => {
    expect(changedInputs(original, { ...original, longitude: '80.7' })).toEqual({
      latitude: '27.5706',
      longitude: '80.7',
    });
    expect(changedInputs(original, { ...original, latitude: '27.57060' })).toEqual({});
  });

  it('sends "permanently closed" only when newly ticked', () => {
    expect(changedInputs(original, { ...original, closed: 'true' })).toEqual({ closed: 'true' });
    const closed = suggestInputsOf(listing({ closed_at: '2026-11-01T00:00:00.000Z' }));
    expect(changedInputs(closed, { ...closed, closed: 'true' })).toEqual({});
  });

  it('leaves out a detail emptied: the form corrects details, it does not remove them', () => {
    expect(changedInputs(original, { ...original, street_address: '', latitude: '', longitude: '' })).toEqual({});
  });
});
