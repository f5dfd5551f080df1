// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldNamed, formHarness } from '../../components/editing/test-kit';
import { EventForm } from './event-form';
import { buildEvent } from './test-kit';

/** The event form as a contributor meets it: its errors before sending and after, and the request it sends. */
const circle = { id: 'c1', slug: 'sitapur', name: 'Sitapur', status: 'active' };
const block = { id: 'b1', slug: 'lalbagh', name: 'Lalbagh', status: 'active', circles: [circle] };
const markets = { id: 't1', slug: 'markets', title: 'Markets', description: '', image: null, status: 'active' };
const camps = { id: 't2', slug: 'camps', title: 'Health camps', description: '', image: null, status: 'active' };
const chemist = { id: 'o1', slug: 'corner-chemist', title: 'Corner Chemist' };

const reads: Record<string, object> = {
  '/event-types/view': [markets, camps],
  '/circles/view': [circle],
  '/blocks/view': [block],
  '/outlets/view': [chemist],
  '/event/view/e1': buildEvent(),
};

function setup(id: string | null, answer?: { status: number; body: object }) {
  const { sent, wrapper, api } = formHarness(reads, answer, 'Asia/Kolkata');
  const saved: string[] = [];
  render(
    <EventForm kind="event" api={api} token="t" id={id} onClose={() => {}} onSaved={() => saved.push('saved')} />,
    { wrapper },
  );
  return { sent, saved };
}
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(cleanup);

describe('the event form', () => {
  it('says what is missing under each field and sends nothing', async () => {
    const { sent } = setup(null);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const under = (label: string) => within(fieldNamed(label)).getByText(/./, { selector: '.field-error' }).textContent;
    expect(
      ['Title', 'Event type', 'Summary', 'Start date', 'Start time', 'End time'].map((label) => [label, under(label)]),
    ).toEqual([
      ['Title', 'Required'],
      ['Event type', 'Required'],
      ['Summary', 'Required'],
      ['Start date', 'Must be a date as YYYY-MM-DD'],
      ['Start time', 'Required'],
      ['End time', 'Required'],
    ]);
    expect(sent).toEqual([]);
  });

  it('hides the times all day, offers the weekdays of a weekly repeat, and asks a postponed event’s first date', async () => {
    setup(null);
    await screen.findByLabelText(/^Start time/);
    await userEvent.click(screen.getByLabelText('All day'));
    expect(screen.queryByLabelText(/^Start time/)).toBeNull();
    expect(screen.queryByLabelText(/^End time/)).toBeNull();
    expect(screen.queryByRole('group', { name: 'On these days' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Repeats'), 'week');
    const days = screen.getByRole('group', { name: 'On these days' });
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(screen.getByLabelText(/^Until/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Originally planned for/)).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'postponed');
    expect(screen.getByLabelText(/^Originally planned for/)).toBeTruthy();
  });

  it('offers the directory’s outlets as the venue in place of the place fields', async () => {
    setup(null);
    await screen.findByLabelText(/^Venue name/);
    await userEvent.click(screen.getByLabelText('Outlet in the directory'));
    expect(screen.queryByLabelText(/^Venue name/)).toBeNull();
    const outlet = await screen.findByRole('option', { name: 'Corner Chemist' });
    expect((outlet as HTMLOptionElement).value).toBe('o1');
  });

  it('sends an edit with the contract’s field names', async () => {
    const { sent, saved } = setup('e1');
    await waitFor(() => expect(input(/^Title/).value).toBe('Saturday haat'));
    await screen.findByLabelText('Lalbagh');
    expect(input(/^Start date/).value).toBe('2026-11-28');
    expect(
      (within(screen.getByRole('group', { name: 'On these days' })).getByLabelText('Saturday') as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.change(input(/^End time/), { target: { value: '14:00' } });
    await userEvent.selectOptions(screen.getByLabelText(/^Event type/), 't2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    const [{ method, path, form }] = sent;
    expect([method, path]).toEqual(['PATCH', '/event/edit/e1']);
    expect(Object.fromEntries([...form.entries()].filter(([name]) => !name.endsWith('[]')))).toMatchObject({
      title: 'Saturday haat',
      eventTypeId: 't2',
      startDate: '2026-11-28',
      startTime: '10:00',
      endTime: '14:00',
      repeat: 'week',
      repeatUntil: '2027-01-30',
      eventStatus: 'scheduled',
      venue: '',
      venue_name: 'Old tank ground',
      pin_code: '261001',
      organiser: 'Sitapur Traders’ Association',
      entry: '',
      slug: 'saturday-haat',
      deleteImage: 'false',
    });
    expect(form.getAll('repeatDays[]')).toEqual(['6']);
    expect(form.getAll('circles[]')).toEqual(['c1']);
    expect(form.getAll('blocks[]')).toEqual(['b1']);
  });

  it('takes "Unpublish at" on the site’s clock (the event comes off the site then), and keeps "Publish at"', async () => {
    reads['/event/view/e1'] = { ...buildEvent(), publish_at: '2026-11-27T00:30:00.000Z', unpublish_at: null };
    try {
      const { sent, saved } = setup('e1');
      const publish = await screen.findByLabelText('Publish at (optional)');
      await waitFor(() => expect((publish as HTMLInputElement).value).toBe('2026-11-27T06:00'));
      fireEvent.change(screen.getByLabelText('Unpublish at (optional)'), { target: { value: '2027-01-30T20:00' } });
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(saved).toEqual(['saved']));
      expect(sent[0].form.get('publish_at')).toBe('2026-11-27T00:30:00.000Z');
      expect(sent[0].form.get('unpublish_at')).toBe('2027-01-30T14:30:00.000Z');
    } finally {
      reads['/event/view/e1'] = buildEvent();
    }
  });

  it('puts an error the API answers about the schedule under the control that sets it', async () => {
    setup('e1', {
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        details: [
          { parameter: 'schedule.repeat.until', errors: ['Repeats until a date within two years of the first date'] },
        ],
      },
    });
    await waitFor(() => expect(input(/^Title/).value).toBe('Saturday haat'));
    await screen.findByLabelText('Lalbagh');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Repeats until a date within two years of the first date');
    expect(
      within(fieldNamed('Until')).getByText('Repeats until a date within two years of the first date'),
    ).toBeTruthy();
  });
});
