// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { addMessages, LangProvider, type TUiLang } from '../../app/i18n';
import { messages as hindi } from '../../locales/hi/files.json?lingui';
import { FileInput } from './file-input';

afterEach(cleanup);

/** A field as the forms draw one: its label names the input. */
function field(lang: TUiLang, multiple = false) {
  const picked: string[][] = [];
  addMessages('hi', hindi);
  render(
    <LangProvider lang={lang}>
      <div className="field">
        <label htmlFor="doc" id="doc-name">
          Documents
        </label>
        <FileInput
          id="doc"
          labelledBy="doc-name"
          multiple={multiple}
          onFiles={(f) => picked.push(f.map((x) => x.name))}
        />
      </div>
    </LangProvider>,
  );
  return picked;
}

const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('the file input in the page’s language', () => {
  it('says "Choose file" and "No file chosen" in English, named by its field and described by both', () => {
    field('en');
    const input = screen.getByLabelText('Documents') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(screen.getByText('Choose file').getAttribute('for')).toBe('doc');
    expect(description(input)).toBe('Choose file No file chosen');
  });

  it('says them in Hindi on a Hindi page', () => {
    field('hi', true);
    const input = screen.getByLabelText('Documents');
    expect(screen.getByText('फ़ाइलें चुनें')).toBeTruthy();
    expect(description(input)).toBe('फ़ाइलें चुनें कोई फ़ाइल नहीं चुनी');
  });

  it('hands over the chosen files and names them beside the button', async () => {
    const picked = field('en', true);
    const input = screen.getByLabelText('Documents') as HTMLInputElement;
    await userEvent.upload(input, [new File(['a'], 'price-list.pdf'), new File(['b'], 'menu.pdf')]);
    expect(picked).toEqual([['price-list.pdf', 'menu.pdf']]);
    expect(description(input)).toBe('Choose files 2 files chosen');
    await userEvent.upload(input, new File(['a'], 'price-list.pdf'));
    expect(description(input)).toBe('Choose files price-list.pdf');
    expect(picked).toHaveLength(2);
  });

  it('is reached by the keyboard as the native input, with the button hidden from assistive technology', () => {
    field('en');
    const input = screen.getByLabelText('Documents');
    input.focus();
    expect(document.activeElement).toBe(input);
    expect(screen.getByText('Choose file').getAttribute('aria-hidden')).toBe('true');
    fireEvent.change(input, { target: { files: [] } });
    expect(description(input)).toBe('Choose file No file chosen');
  });
});
