// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LangProvider } from '../../app/i18n';
import { Dialog } from './ui';

afterEach(cleanup);

function openDialog() {
  const closed: string[] = [];
  const view = render(
    <LangProvider lang="en">
      <Dialog open title="Add Outlet" onClose={() => closed.push('closed')}>
        <input type="file" aria-label="Image" />
      </Dialog>
    </LangProvider>,
  );
  const dialog = view.container.ownerDocument.querySelector('dialog') as HTMLDialogElement;
  const input = dialog.querySelector('input') as HTMLInputElement;
  return { closed, dialog, input };
}

describe('a dialog', () => {
  it('stays open when a file picker inside it is dismissed (its input’s cancel bubbles)', () => {
    const { closed, input } = openDialog();
    fireEvent(input, new Event('cancel', { bubbles: true }));
    expect(closed).toEqual([]);
  });

  it('closes on its own cancel (Escape)', () => {
    const { closed, dialog } = openDialog();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(closed).toEqual(['closed']);
  });
});
