import { useSyncExternalStore } from 'react';

/**
 * The open modal dialogs, last on top. A modal <dialog> sits in the browser's top layer and makes everything outside
 * it inert, so whatever must show above it and stay announced (the toasts) is rendered into the topmost one's slot.
 */
let stack: HTMLElement[] = [];
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** Records a just-opened modal dialog's slot as the top layer. */
export function raiseLayer(slot: HTMLElement) {
  stack = [...stack.filter((s) => s !== slot), slot];
  emit();
}

/** Forgets a closed dialog's slot. */
export function dropLayer(slot: HTMLElement) {
  if (!stack.includes(slot)) return;
  stack = stack.filter((s) => s !== slot);
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const top = () => stack.at(-1) ?? null;
const none = () => null;

/** The slot of the topmost open modal dialog, or null when none is open (and on the server). */
export function useTopLayer(): HTMLElement | null {
  return useSyncExternalStore(subscribe, top, none);
}
