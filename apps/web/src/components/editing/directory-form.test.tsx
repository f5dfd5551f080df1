// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DirectoryForm } from './directory-form';
import { fieldNamed, formHarness, labels } from './test-kit';

/**
 * The expert and outlet forms as a contributor meets them — SPEC §2 fields, SPEC §5 errors, and the SPEC §7
 * field names of the request they send.
 */
const taxon = (id: string, title: string) => ({ id, slug: id, title, description: '', image: null, status: 'active' });
const circle = { id: 'c1', slug: 'old-city', name: 'Old City', status: 'active' };
const block = { id: 'b1', slug: 'bazaar', name: 'Bazaar', status: 'active', circles: [circle] };
const entry = {
  id: 'x1',
  slug: 'fresh-mart',
  title: 'Fresh Mart',
  description: '<p>Daily needs.</p>',
  content: '',
  image: null,
  call_now: '+91 9876543210',
  whatsapp_no: '',
  map_url: '',
  website_url: 'https://fresh.example.com',
  circles: [circle],
  blocks: [block],
  documents: [],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  status: 'active',
};
const reads = {
  '/services/view': [taxon('s1', 'Doctors')],
  '/categories/view': [taxon('k1', 'Grocery'), taxon('k2', 'Pharmacy')],
  '/circles/view': [circle],
  '/blocks/view': [block],
  '/expert/view/x1': { ...entry, services: [taxon('s1', 'Doctors')] },
  '/outlet/view/x1': { ...entry, categories: [taxon('k1', 'Grocery')] },
};

function setup(kind: 'expert' | 'outlet', id: string | null, stored: Record<string, object> = {}) {
  const { sent, wrapper, api } = formHarness({ ...reads, ...stored });
  const saved: string[] = [];
  render(
    <DirectoryForm kind={kind} api={api} token="t" id={id} onClose={() => {}} onSaved={() => saved.push('saved')} />,
    { wrapper },
  );
  return { sent, saved };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Records which elements were scrolled into view. */
function watchScrolling() {
  const scrolled: Element[] = [];
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
  return scrolled;
}

describe('the expert and outlet forms', () => {
  it("show an outlet's fields in the SPEC §2 order", async () => {
    setup('outlet', null);
    await screen.findByLabelText(/^Outlet Title/);
    expect(labels()).toEqual([
      'Product Title',
      'Select Circles',
      'Select Localities',
      'Outlet Title',
      'Image',
      'Description',
      'Call Now Number',
      'WhatsApp API',
      'Map Url',
      'Website',
      'Street Address',
      'PIN Code',
      'Paste a maps link to set the pin',
      'Latitude',
      'Longitude',
      'Meta Title',
      'Meta Description',
      'Meta keywords',
      'Documents',
    ]);
  });

  it('say Required under each empty required field and send nothing (SPEC §5)', async () => {
    const { sent } = setup('expert', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    for (const label of ['Services', 'Select Circles', 'Select Localities', 'Expert Title', 'Call Now Number'])
      expect(within(fieldNamed(label)).getByText('Required'), label).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('send an outlet edit with the API field names of SPEC §7', async () => {
    const { sent, saved } = setup('outlet', 'x1');
    await waitFor(() => expect((screen.getByLabelText(/^Outlet Title/) as HTMLInputElement).value).toBe('Fresh Mart'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pharmacy' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    const [{ method, path, form }] = sent;
    expect([method, path]).toEqual(['PATCH', '/outlet/edit/x1']);
    expect(form.getAll('categories[]')).toEqual(['k1', 'k2']);
    expect(form.get('call_now')).toBe('+91 9876543210');
    expect(form.get('website_url')).toBe('https://fresh.example.com');
    expect(form.get('slug')).toBe('fresh-mart');
    expect(form.has('services[]')).toBe(false);
  });

  it('send the place: address, PIN code, a pin from a pasted maps link and opening hours', async () => {
    const { sent, saved } = setup('outlet', 'x1');
    await waitFor(() => expect((screen.getByLabelText(/^Outlet Title/) as HTMLInputElement).value).toBe('Fresh Mart'));
    await userEvent.type(screen.getByLabelText('Street Address'), '12 Mall Road');
    await userEvent.type(screen.getByLabelText('PIN Code'), '226001');
    await userEvent.click(screen.getByLabelText('Paste a maps link to set the pin'));
    await userEvent.paste('https://www.google.com/maps/place/Fresh+Mart/@26.8467,80.9462,17z');
    expect(screen.getByRole('status').textContent).toBe('Pin set from the link.');
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('26.8467');
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a holiday or special day' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-25' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    const [{ form }] = sent;
    expect(form.get('street_address')).toBe('12 Mall Road');
    expect(form.get('pin_code')).toBe('226001');
    expect([form.get('latitude'), form.get('longitude')]).toEqual(['26.8467', '80.9462']);
    expect(JSON.parse(String(form.get('opening_hours')))).toEqual({
      weekly: {
        mon: [
          { open: '09:00', close: '18:00' },
          { open: '19:00', close: '22:00' },
        ],
      },
      exceptions: [{ date: '2026-12-25', ranges: [] }],
    });
  });

  it('show the contract’s errors under the place fields and send nothing', async () => {
    const { sent } = setup('outlet', 'x1');
    await waitFor(() => expect((screen.getByLabelText(/^Outlet Title/) as HTMLInputElement).value).toBe('Fresh Mart'));
    await userEvent.type(screen.getByLabelText('PIN Code'), '12345');
    await userEvent.type(screen.getByLabelText('Latitude'), '26.8');
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.change(screen.getByLabelText('Tuesday opens (2)'), { target: { value: '12:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(fieldNamed('PIN Code')).getByText('Must be a 6-digit PIN code')).toBeTruthy();
    expect(within(fieldNamed('Longitude')).getByText('Give both latitude and longitude, or neither')).toBeTruthy();
    expect(screen.getByText('Time ranges of a day must not overlap')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('take an empty Submit to the first field in error: its search box focused and the field scrolled into view', async () => {
    const scrolled = watchScrolling();
    setup('expert', null);
    const submit = await screen.findByRole('button', { name: 'Submit' });
    submit.focus();
    await userEvent.click(submit);
    const services = fieldNamed('Services');
    await waitFor(() => expect(document.activeElement).toBe(within(services).getByRole('searchbox')));
    expect(scrolled).toEqual([services]);
  });

  it('focus the rich-text description when it is the first field in error', async () => {
    const scrolled = watchScrolling();
    setup('outlet', null);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Grocery' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Old City' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Bazaar' }));
    await userEvent.type(screen.getByLabelText(/^Outlet Title/), 'Fresh Mart');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const body = await waitFor(() => {
      const el = document.querySelector('.editor-body');
      expect(el).toBeTruthy();
      return el;
    });
    await waitFor(() => expect(document.activeElement).toBe(body));
    expect(scrolled[0]).toBe(body?.closest('.field'));
  });

  it('take a text field the API refuses into view with the focus in it', async () => {
    watchScrolling();
    const { wrapper, api } = formHarness(reads, {
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        details: [{ parameter: 'call_now', errors: ['Invalid No'] }],
      },
    });
    render(<DirectoryForm kind="outlet" api={api} token="t" id="x1" onClose={() => {}} onSaved={() => {}} />, {
      wrapper,
    });
    const input = await screen.findByLabelText(/^Call Now Number/);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('+91 9876543210'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(input.getAttribute('aria-describedby')).toBe(
      within(fieldNamed('Call Now Number')).getByText('Invalid No').id,
    );
  });

  it('show a new outlet’s opening hours as not given, not closed, and save none', async () => {
    const { sent, saved } = setup('outlet', 'x1');
    await waitFor(() => expect((screen.getByLabelText(/^Outlet Title/) as HTMLInputElement).value).toBe('Fresh Mart'));
    const hours = screen.getByRole('group', { name: 'Opening hours' });
    expect(within(hours).getByText('Hours not given.')).toBeTruthy();
    expect(within(hours).getAllByText('Not set')).toHaveLength(7);
    expect(within(hours).queryByText('Closed')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    expect(sent[0].form.get('opening_hours')).toBe('');
  });

  it('show the days without hours as closed once some hours are entered, and a stored listing’s hours as they are', async () => {
    setup('outlet', null);
    await screen.findByLabelText(/^Outlet Title/);
    const hours = screen.getByRole('group', { name: 'Opening hours' });
    await userEvent.click(within(hours).getByRole('button', { name: 'Add hours on Monday' }));
    expect(within(hours).queryByText('Hours not given.')).toBeNull();
    expect(within(hours).getAllByText('Closed')).toHaveLength(6);
    cleanup();

    setup('outlet', 'x1', {
      '/outlet/view/x1': {
        ...entry,
        categories: [taxon('k1', 'Grocery')],
        opening_hours: { weekly: { mon: [{ open: '10:00', close: '20:00' }] }, exceptions: [] },
      },
    });
    await waitFor(() => expect(screen.getByLabelText('Monday opens')).toBeTruthy());
    expect((screen.getByLabelText('Monday opens') as HTMLInputElement).value).toBe('10:00');
    const stored = screen.getByRole('group', { name: 'Opening hours' });
    expect(within(stored).getAllByText('Closed')).toHaveLength(6);
    expect(within(stored).queryByText('Not set')).toBeNull();
  });
});
