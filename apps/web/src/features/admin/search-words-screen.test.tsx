// @vitest-environment happy-dom
import type { TSearchSynonym } from '@chaupal/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchWordsScreen } from './search-words-screen';
import { type Answer, type Call, renderScreen, rowCells } from './test-kit';

/** The console's Search words screen against a small in-memory API: its lists, its form and the requests it sends. */
const group = (id: string, term: string, words: string[]): TSearchSynonym => ({
  id,
  term,
  words,
  createdAt: '2026-11-20T04:30:00.000Z',
  updatedAt: '2026-11-21T04:30:00.000Z',
});
const BUILT_IN = [
  { term: 'lawyers', words: ['advocate', 'vakil'] },
  { term: 'wi-fi', words: ['wifi'] },
];
const PATH = '/admin/search/synonyms';

/** The screen over `groups`; a write is answered with `write` (by default it succeeds). */
function show(groups: TSearchSynonym[], write?: (call: Call) => Answer) {
  return renderScreen(<SearchWordsScreen />, (call) =>
    call.method === 'GET'
      ? { body: { success: true, data: groups, builtIn: BUILT_IN } }
      : (write?.(call) ?? { body: { success: true, data: group('new', 'x', ['y']), message: 'Saved' } }),
  );
}
const tables = () => screen.getAllByRole('table');
const dialog = () => screen.getByRole('dialog');
/** The error under the field labelled `label` in the open dialog. */
const errorUnder = (label: RegExp) =>
  (within(dialog()).getByLabelText(label).closest('.field') as HTMLElement).querySelector('.field-error')?.textContent;

afterEach(cleanup);

describe('the Search words screen', () => {
  it('lists the added groups, term and words, and below them the built-in groups, read-only', async () => {
    show([group('g1', 'tailors', ['darzi', 'silai wala'])]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Search words' })).toBeTruthy();
    const [added, builtIn] = tables();
    expect(rowCells(added).map((r) => r.slice(0, 2))).toEqual([['tailors', 'darzi, silai wala']]);
    expect(within(added).getByRole('button', { name: 'Edit tailors' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Built in' })).toBeTruthy();
    expect(rowCells(builtIn)).toEqual([
      ['lawyers', 'advocate, vakil'],
      ['wi-fi', 'wifi'],
    ]);
    expect(within(builtIn).queryByRole('button')).toBeNull();
  });

  it('says when no words were added yet', async () => {
    show([]);
    expect(await screen.findByText('No search words added yet')).toBeTruthy();
    expect(rowCells(screen.getByRole('table'))).toHaveLength(2);
  });

  it('adds a group: the term and the comma-separated words go as JSON, and the list is read again', async () => {
    const { calls } = show([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add search words' }));
    expect(within(dialog()).getByRole('heading', { name: 'Add search words' })).toBeTruthy();
    await userEvent.type(within(dialog()).getByLabelText(/^Term/), 'Tailors');
    await userEvent.type(within(dialog()).getByLabelText(/^Words that mean it/), 'darzi, silai wala');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: PATH, body: { term: 'Tailors', words: 'darzi, silai wala' } },
    ]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('checks the form before sending: the missing fields say so and nothing is sent', async () => {
    const { calls } = show([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add search words' }));
    await userEvent.type(within(dialog()).getByLabelText(/^Words that mean it/), ' , ');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(errorUnder(/^Term/)).toBe('Required');
    expect(errorUnder(/^Words that mean it/)).toBe('Add at least one word');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the server’s refusal under the field it names, a word’s too, and keeps the form open', async () => {
    const refusals: Answer[] = [
      {
        status: 409,
        body: {
          success: false,
          error: '"vakil" already stands for "lawyers".',
          details: [{ parameter: 'words', errors: ['"vakil" already stands for "lawyers".'] }],
        },
      },
      {
        status: 400,
        body: {
          success: false,
          error: 'The request has invalid fields.',
          details: [{ parameter: 'words.0', errors: ['At most 60 characters'] }],
        },
      },
    ];
    show([], () => refusals.shift() as Answer);
    await userEvent.click(await screen.findByRole('button', { name: 'Add search words' }));
    await userEvent.type(within(dialog()).getByLabelText(/^Term/), 'advocates');
    await userEvent.type(within(dialog()).getByLabelText(/^Words that mean it/), 'vakil');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder(/^Words that mean it/)).toBe('"vakil" already stands for "lawyers".'));
    expect(errorUnder(/^Term/)).toBeUndefined();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorUnder(/^Words that mean it/)).toBe('At most 60 characters'));
    expect(dialog()).toBeTruthy();
  });

  it('edits a group: the form holds its words comma-separated and replaces it by id', async () => {
    const { calls } = show([group('g1', 'tailors', ['darzi', 'silai wala'])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tailors' }));
    expect(within(dialog()).getByRole('heading', { name: 'Edit search words' })).toBeTruthy();
    const words = within(dialog()).getByLabelText(/^Words that mean it/) as HTMLTextAreaElement;
    expect(words.value).toBe('darzi, silai wala');
    await userEvent.type(words, ', masterji');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'PUT', path: `${PATH}/g1`, body: { term: 'tailors', words: 'darzi, silai wala, masterji' } },
    ]);
  });

  it('deletes a group once the admin says Yes, and not on No', async () => {
    const { calls } = show([group('g1', 'tailors', ['darzi'])], () => ({
      body: { success: true, message: 'Deleted Successfully' },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tailors' }));
    expect(within(dialog()).getByText(/Delete “tailors” and its words\?/)).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'No' }));
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete tailors' }));
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'DELETE', path: `${PATH}/g1` }]),
    );
  });
});
