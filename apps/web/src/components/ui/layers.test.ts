// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepOnTop } from './layers';

/**
 * happy-dom has neither popovers nor the `:modal` state; Chromium's behaviour is checked in e2e/toasts.e2e.ts. Here a
 * dialog is modal from showModal() to close(), so the moves between the body and the topmost dialog can be followed.
 */
const modal = new WeakSet<Element>();
const { matches } = Element.prototype;
const { showModal, close } = HTMLDialogElement.prototype;
beforeEach(() => {
  vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (this: HTMLDialogElement) {
    modal.add(this);
    showModal.call(this);
  });
  vi.spyOn(HTMLDialogElement.prototype, 'close').mockImplementation(function (this: HTMLDialogElement) {
    modal.delete(this);
    close.call(this);
  });
  vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
    if (selector === ':modal') return modal.has(this) && (this as HTMLDialogElement).open;
    return matches.call(this, selector);
  });
});

let stop = () => {};
afterEach(() => {
  stop();
  busy = true;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** Lets the MutationObserver report. */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** The kept element; it has something to show unless `busy` is false. */
let busy = true;
function region() {
  const el = document.createElement('div');
  el.setAttribute('popover', 'manual');
  document.body.append(el);
  const kept = keepOnTop(el, () => busy);
  stop = kept.stop;
  return Object.assign(el, { place: kept.place });
}

function dialog() {
  const d = document.createElement('dialog');
  document.body.append(d);
  return d;
}

describe('keepOnTop', () => {
  it('moves the element into a dialog opened by script, and back to the body when it closes', async () => {
    const el = region();
    const d = dialog();
    d.showModal();
    await settle();
    expect(el.parentElement).toBe(d);
    d.close();
    await settle();
    expect(el.parentElement).toBe(document.body);
  });

  it('follows the topmost of nested dialogs, the last one opened', async () => {
    const el = region();
    const [a, b] = [dialog(), dialog()];
    // b comes first in the page but opens last: it is on top.
    document.body.prepend(b);
    a.showModal();
    b.showModal();
    await settle();
    expect(el.parentElement).toBe(b);
    b.close();
    await settle();
    expect(el.parentElement).toBe(a);
    a.close();
    await settle();
    expect(el.parentElement).toBe(document.body);
  });

  it('starts inside a dialog that was open before it (the start script’s alert)', async () => {
    const d = dialog();
    d.showModal();
    const el = region();
    expect(el.parentElement).toBe(d);
  });

  it('comes back to the body when an open dialog is taken out of the page with it inside', async () => {
    const el = region();
    const d = dialog();
    d.showModal();
    await settle();
    expect(el.parentElement).toBe(d);
    d.remove();
    await settle();
    expect(el.parentElement).toBe(document.body);
  });

  it('ignores dialogs that are open but not modal', async () => {
    const el = region();
    const d = dialog();
    d.show();
    await settle();
    expect(el.parentElement).toBe(document.body);
  });

  it('leaves dialogs alone while it has nothing to show, and goes into the topmost one when it has', async () => {
    busy = false;
    const el = region();
    const d = dialog();
    d.showModal();
    await settle();
    expect(el.parentElement).toBe(document.body);
    busy = true;
    el.place(true);
    expect(el.parentElement).toBe(d);
    // Emptied, it stays until the next change, then goes back to the body.
    busy = false;
    d.close();
    await settle();
    expect(el.parentElement).toBe(document.body);
  });
});
