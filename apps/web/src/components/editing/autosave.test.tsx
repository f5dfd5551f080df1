// @vitest-environment happy-dom
import type { TUser } from '@chaupal/contract';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../app/session';
import { toastStore } from '../toasts';
import { AUTOSAVE_DELAY_MS } from './autosave';
import { PublishingForm } from './publishing-form';
import { formHarness } from './test-kit';

/**
 * Drafts and autosave in the content forms (decision 033), shown on the news form, which shares them with the
 * directory and event forms: the work is kept in the browser a few seconds after each change, offered back when the
 * form opens again, and cleared once the server has it; "Save draft" sends `draft=true`, Submit `draft=false`.
 */
const circle = { id: 'c1', slug: 'old-city', name: 'Old City', status: 'active' };
const block = { id: 'b1', slug: 'bazaar', name: 'Bazaar', status: 'active', circles: [circle] };
const reads = {
  '/editions/view': [{ id: 'e1', slug: 'city', title: 'City', description: '', image: null, status: 'active' }],
  '/pages': [],
  '/circles/view': [circle],
  '/blocks/view': [block],
};
const KEY = 'chaupal.autosave.u1.news.new';

function openForm(answer?: { status: number; body: object }) {
  const { sent, wrapper, api } = formHarness(reads, answer);
  const saved: string[] = [];
  const view = render(
    <PublishingForm kind="news" api={api} token="t" id={null} onClose={() => {}} onSaved={() => saved.push('saved')} />,
    { wrapper },
  );
  return { sent, saved, view };
}
const title = () => screen.getByLabelText(/^Title/) as HTMLInputElement;
const waitForAutosave = () => act(() => new Promise((r) => setTimeout(r, AUTOSAVE_DELAY_MS + 200)));

beforeEach(() => {
  localStorage.clear();
  saveSession('t', { id: 'u1', emailVerified: true, phoneVerified: true } as TUser);
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('the autosave of a content form', () => {
  it('keeps the work a few seconds after a change and offers it back when the form opens again', async () => {
    const first = openForm();
    await userEvent.type(await screen.findByLabelText(/^Title/), 'Water tank repaired');
    expect(localStorage.getItem(KEY)).toBeNull();
    await waitForAutosave();
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}').values.title).toBe('Water tank repaired');
    // The connection drops and the dialog is closed without a save.
    first.view.unmount();

    openForm();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toMatch(/^Your unsaved work from .+ is kept on this device\.RestoreDiscard$/);
    expect(title().value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(title().value).toBe('Water tank repaired');
    expect(screen.queryByText(/Your unsaved work/)).toBeNull();
  }, 15_000);

  it('forgets the work that is discarded', async () => {
    localStorage.setItem(KEY, JSON.stringify({ savedAt: new Date().toISOString(), values: { title: 'Old' } }));
    openForm();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(title().value).toBe('');
  });
});

/** A stored draft, opened for editing: a whole record, so either button sends it. */
const draft = {
  id: 'n1',
  slug: 'tank-repaired',
  title: 'Tank repaired',
  content: '<p>The tank holds water again.</p>',
  description: '',
  image: null,
  reporter: 'Asha',
  location: 'Devgarh',
  language: 'en',
  publishing_time: '2026-11-20T04:30:00.000Z',
  youtube_url: null,
  editionId: 'e1',
  circles: [circle],
  blocks: [block],
  documents: [],
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
  status: 'draft',
};
const DRAFT_KEY = 'chaupal.autosave.u1.news.n1';

function editDraft(answer?: { status: number; body: object } | 'offline', status = 'draft') {
  const { sent, wrapper, api } = formHarness({ ...reads, '/news/view/n1': { ...draft, status } }, answer);
  const saved: string[] = [];
  render(
    <PublishingForm kind="news" api={api} token="t" id="n1" onClose={() => {}} onSaved={() => saved.push('saved')} />,
    { wrapper },
  );
  return { sent, saved };
}

describe('Save draft and Submit', () => {
  it.each([
    ['Save draft', 'true'],
    ['Submit', 'false'],
  ])(
    '%s sends draft=%s, and the kept work is cleared once the server has it',
    async (button, flag) => {
      const { sent, saved } = editDraft({ status: 200, body: { success: true, message: 'Draft saved', data: {} } });
      await waitFor(() => expect(title().value).toBe('Tank repaired'));
      await userEvent.type(title(), ', and painted');
      await waitForAutosave();
      expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
      await userEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(saved).toEqual(['saved']));
      expect(sent.map((s) => [s.method, s.path, s.form.get('draft'), s.form.get('title')])).toEqual([
        ['PATCH', '/news/edit/n1', flag, 'Tank repaired, and painted'],
      ]);
      expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    },
    15_000,
  );

  it('keeps the work and says so when the server cannot be reached', async () => {
    const { saved } = editDraft('offline');
    await waitFor(() => expect(title().value).toBe('Tank repaired'));
    await userEvent.type(title(), ', and painted');
    await waitForAutosave();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(toastStore.list().map((t) => [t.message, t.tone])).toContainEqual([
        'Could not reach the server. Your work is kept on this device; try again when you are online.',
        'error',
      ]),
    );
    expect(saved).toEqual([]);
    expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? '{}').values.title).toBe('Tank repaired, and painted');
  }, 15_000);

  it('offers Save draft only on a new record or a draft', async () => {
    editDraft(undefined, 'active');
    await waitFor(() => expect(title().value).toBe('Tank repaired'));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});
