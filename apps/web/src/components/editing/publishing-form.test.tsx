// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublishingForm } from './publishing-form';
import { fieldNamed, formHarness, labels } from './test-kit';

/**
 * The news and feature forms as a contributor meets them — SPEC §2 field order, SPEC §5 errors, and the
 * SPEC §7 field names of the request they send.
 */
const ref = (id: string, title: string) => ({ id, slug: id, title, description: '', image: null, status: 'active' });
const circle = { id: 'c1', slug: 'old-city', name: 'Old City', status: 'active' };
const block = { id: 'b1', slug: 'bazaar', name: 'Bazaar', status: 'active', circles: [circle] };

const stored = {
  news: {
    id: 'n1',
    slug: 'ghat-cleaned',
    title: 'Ghat cleaned',
    content: '<p>Volunteers cleaned the ghat.</p>',
    description: '',
    image: null,
    reporter: 'Asha',
    location: 'Devgarh',
    language: 'English',
    publishing_time: '2026-11-20T04:30:00.000Z',
    youtube_url: null,
    edition: { id: 'e1', title: 'City' },
    editionId: 'e1',
    circles: [circle],
    blocks: [block],
    documents: [],
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    status: 'active',
  },
  features: {
    id: 'f1',
    slug: 'old-kitchens',
    title: 'Old kitchens',
    content: '<p>Recipes handed down.</p>',
    description: '',
    photo: null,
    author: 'Ravi',
    location: 'Devgarh',
    language: 'hi',
    publishedDate: '2026-11-20T04:30:00.000Z',
    youtubeurl: null,
    publishing_Page: { id: 'p1', title: 'Food & Heritage' },
    circles: [circle],
    blocks: [block],
    documents: [],
    metaTitle: '',
    metaDescription: '',
    metaKeywords: '',
    status: 'active',
  },
};

const reads: Record<string, object | (() => Promise<object>)> = {
  '/editions/view': [ref('e1', 'City'), ref('e2', 'Sports')],
  '/pages': [ref('p1', 'Food & Heritage')],
  '/circles/view': [circle],
  '/blocks/view': [block],
  '/news/view/n1': stored.news,
  '/blog/f1': stored.features,
};

function setup(
  kind: 'news' | 'feature',
  id: string | null,
  answer?: { status: number; body: object },
  siteTz?: string,
  readsNow: typeof reads = reads,
) {
  const { sent, wrapper, api } = formHarness(readsNow, answer, siteTz);
  const saved: string[] = [];
  render(
    <PublishingForm kind={kind} api={api} token="t" id={id} onClose={() => {}} onSaved={() => saved.push('saved')} />,
    { wrapper },
  );
  return { sent, saved };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the news form', () => {
  it('stands in the SPEC §2 order', async () => {
    setup('news', null);
    await screen.findByLabelText(/^Title/);
    expect(labels()).toEqual([
      'Title',
      'Edition',
      'Location',
      'Language',
      'Reporter',
      'Content',
      'Publishing Time',
      'YouTube URL',
      'Meta Title',
      'Meta Description',
      'Meta keywords',
      'Select Circles',
      'Select Localities',
      'Image',
      'Documents',
      'Publish at (optional)',
      'Unpublish at (optional)',
    ]);
  });

  it('says Required under each empty required field and sends nothing (SPEC §5)', async () => {
    const { sent } = setup('news', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    for (const label of ['Title', 'Edition', 'Location', 'Reporter', 'Select Circles', 'Select Localities']) {
      expect(within(fieldNamed(label)).getByText('Required'), label).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it('sends an edit with the API field names of SPEC §7', async () => {
    const { sent, saved } = setup('news', 'n1');
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Ghat cleaned'));
    // A language stored as a name selects its option.
    expect((screen.getByLabelText(/^Language/) as HTMLSelectElement).value).toBe('en');
    await userEvent.selectOptions(screen.getByLabelText(/^Edition/), 'e2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    expect(sent).toHaveLength(1);
    const [{ method, path, form }] = sent;
    expect([method, path]).toEqual(['PATCH', '/news/edit/n1']);
    expect(form.get('editionId')).toBe('e2');
    expect(form.get('reporter')).toBe('Asha');
    expect(form.get('language')).toBe('en');
    expect(form.get('slug')).toBe('ghat-cleaned');
    expect(form.getAll('circles[]')).toEqual(['c1']);
    expect(form.getAll('blocks[]')).toEqual(['b1']);
    expect(new Date(String(form.get('publishing_time'))).toISOString()).toBe('2026-11-20T04:30:00.000Z');
    for (const other of ['publishing_Page', 'author', 'publishedDate', 'youtubeurl', 'photo'])
      expect(form.has(other)).toBe(false);
  });

  it('keeps the stored localities when saved before the circles’ localities have loaded', async () => {
    let answerBlocks = (_: object) => {};
    const late = () => new Promise<object>((resolve) => (answerBlocks = resolve));
    const { sent, saved } = setup('news', 'n1', undefined, undefined, { ...reads, '/blocks/view': late });
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Ghat cleaned'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(sent).toHaveLength(0);
    answerBlocks([block]);
    await waitFor(() => expect(saved).toEqual(['saved']));
    expect(sent[0].form.getAll('blocks[]')).toEqual(['b1']);
  });

  it('puts a field error the API answers under its field', async () => {
    setup('news', 'n1', {
      status: 400,
      body: {
        success: false,
        error: 'Validation failed',
        details: [{ parameter: 'editionId', errors: ['Choose an active edition'] }],
      },
    });
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Ghat cleaned'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Choose an active edition');
    expect(within(fieldNamed('Edition')).getByText('Choose an active edition')).toBeTruthy();
    // The refused field is brought into view with the focus in it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Edition/)));
  });

  it('takes an empty Submit to the first field in error, its title, and scrolls it into view', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    setup('news', null);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Title/)));
    expect(scrolled).toEqual([fieldNamed('Title')]);
  });
});

describe('the feature form', () => {
  it('stands in the SPEC §2 order', async () => {
    setup('feature', null);
    await screen.findByLabelText(/^Title/);
    expect(labels()).toEqual([
      'Title',
      'Content',
      'Published Date',
      'Publishing Page',
      'Language',
      'Photo',
      'Author',
      'Location',
      'YouTube URL',
      'Meta Title',
      'Meta Description',
      'Meta keywords',
      'Select Circles',
      'Select Localities',
      'Documents',
      'Publish at (optional)',
      'Unpublish at (optional)',
    ]);
  });

  it('sends an edit with the API field names of SPEC §7', async () => {
    const { sent, saved } = setup('feature', 'f1');
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Old kitchens'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    const [{ method, path, form }] = sent;
    expect([method, path]).toEqual(['PATCH', '/blog/f1']);
    expect(form.get('publishing_Page')).toBe('p1');
    expect(form.get('author')).toBe('Ravi');
    expect(form.get('language')).toBe('hi');
    expect(new Date(String(form.get('publishedDate'))).toISOString()).toBe('2026-11-20T04:30:00.000Z');
    for (const other of ['editionId', 'reporter', 'publishing_time', 'youtube_url', 'image'])
      expect(form.has(other)).toBe(false);
  });
});

/**
 * The publishing time is the site's clock (SITE_TZ), not the browser's: a contributor in New York picking 26/11/2026
 * 10:30 AM publishes at 10:30 AM in India.
 */
describe('the publishing time on the site’s clock', () => {
  const browserZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = browserZone;
  });

  it('runs this test in a browser zone other than the site’s', () => {
    expect(new Date(Date.UTC(2026, 10, 26, 5)).getHours()).toBe(0);
  });

  it('takes a time picked in India time and sends the instant it names', async () => {
    const { sent, saved } = setup('feature', 'f1', undefined, 'Asia/Kolkata');
    const picker = await screen.findByLabelText('Published Date');
    // The input drops the seconds when they are zero, as browsers do.
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('2026-11-20T10:00'));
    const note = document.getElementById(`${picker.id}-zone`);
    expect(note?.textContent).toBe('20/11/2026 10:00:00 am · India time (IST)');
    expect(picker.getAttribute('aria-describedby')).toBe(`${picker.id}-zone`);
    fireEvent.change(picker, { target: { value: '2026-11-26T10:30' } });
    expect(note?.textContent).toBe('26/11/2026 10:30:00 am · India time (IST)');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(saved).toEqual(['saved']));
    expect(sent[0].form.get('publishedDate')).toBe('2026-11-26T05:00:00.000Z');
  });

  it('shows "Publish at" on the site’s clock, and sends "Unpublish at" as the instant it names', async () => {
    reads['/news/view/n1'] = { ...stored.news, publish_at: '2026-12-01T00:30:00.000Z', unpublish_at: null };
    try {
      const { sent, saved } = setup('news', 'n1', undefined, 'Asia/Kolkata');
      const publish = await screen.findByLabelText('Publish at (optional)');
      await waitFor(() => expect((publish as HTMLInputElement).value).toBe('2026-12-01T06:00'));
      const unpublish = screen.getByLabelText('Unpublish at (optional)') as HTMLInputElement;
      expect(unpublish.value).toBe('');
      fireEvent.change(unpublish, { target: { value: '2026-12-08T18:00' } });
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(saved).toEqual(['saved']));
      expect(sent[0].form.get('publish_at')).toBe('2026-12-01T00:30:00.000Z');
      expect(sent[0].form.get('unpublish_at')).toBe('2026-12-08T12:30:00.000Z');
    } finally {
      reads['/news/view/n1'] = stored.news;
    }
  });

  it('says under "Unpublish at" when it is not after "Publish at", and sends nothing', async () => {
    const { sent } = setup('news', 'n1', undefined, 'Asia/Kolkata');
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Ghat cleaned'));
    fireEvent.change(screen.getByLabelText('Publish at (optional)'), { target: { value: '2026-12-01T06:00' } });
    fireEvent.change(screen.getByLabelText('Unpublish at (optional)'), { target: { value: '2026-12-01T05:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(fieldNamed('Unpublish at (optional)')).findByText('Must be after Publish at')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('starts a new article at now on the site’s clock', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 26, 20, 15, 7), toFake: ['Date'] });
    setup('news', null, undefined, 'Asia/Kolkata');
    const picker = await screen.findByLabelText('Publishing Time');
    expect((picker as HTMLInputElement).value).toBe('2026-11-27T01:45:07');
    expect(document.getElementById(`${picker.id}-zone`)?.textContent).toBe('27/11/2026 1:45:07 am · India time (IST)');
  });
});
