import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSpecText } from '../app/i18n';
import { useTopLayer } from './ui/layers';

/**
 * Short notices (SPEC §8 success and error toasts), announced to screen readers. While a modal dialog or the drawer
 * is open they render inside the topmost one, the only part of the page above its backdrop and not inert.
 */
interface Toast {
  id: number;
  title?: string;
  message: string;
  tone: 'ok' | 'error';
}

let toasts: Toast[] = [];
let next = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function notify(message: string, opts: { title?: string; tone?: 'ok' | 'error' } = {}) {
  const id = next++;
  toasts = [...toasts, { id, message, title: opts.title, tone: opts.tone ?? 'ok' }];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, 5000);
}

const EMPTY: Toast[] = [];

export function Toasts() {
  const list = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => toasts,
    () => EMPTY,
  );
  const layer = useTopLayer();
  const spec = useSpecText();
  const region = (
    <div className="toasts" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          {t.title ? <strong>{spec(t.title)}: </strong> : null}
          {spec(t.message)}
        </div>
      ))}
    </div>
  );
  return layer ? createPortal(region, layer) : region;
}
