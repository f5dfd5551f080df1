// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Marked } from './marked';
import { markedParts } from './marks';

afterEach(cleanup);

const html = (text: string, marks: { start: number; end: number }[]) =>
  render(
    <p>
      <Marked text={text} marks={marks} />
    </p>,
  ).container.querySelector('p')?.innerHTML;

describe('search marks', () => {
  it('wraps each matched stretch of a title in <mark>, in order, whatever order the marks come in', () => {
    expect(
      html('Dr. Mehta, doctor', [
        { start: 11, end: 17 },
        { start: 0, end: 2 },
      ]),
    ).toBe('<mark>Dr</mark><span>. Mehta, </span><mark>doctor</mark>');
  });

  it('renders the text as text: markup in a title or snippet is never HTML', () => {
    const { container } = render(<Marked text="<img src=x onerror=alert(1)> pizza" marks={[{ start: 29, end: 34 }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> pizza');
    expect(container.querySelector('mark')?.textContent).toBe('pizza');
  });

  it('keeps every character once when marks overlap, run past the end or are empty', () => {
    const parts = markedParts('Bakers lane', [
      { start: 0, end: 6 },
      { start: 3, end: 8 },
      { start: 9, end: 99 },
      { start: 4, end: 4 },
      { start: -5, end: -1 },
    ]);
    expect(parts).toEqual([
      { text: 'Bakers', mark: true },
      { text: ' l', mark: true },
      { text: 'a', mark: false },
      { text: 'ne', mark: true },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Bakers lane');
  });

  it('is the plain text when nothing is marked', () => {
    expect(markedParts('Town fair', [])).toEqual([{ text: 'Town fair', mark: false }]);
  });
});
