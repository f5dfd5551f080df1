import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useSpecText, useT } from '../app/i18n';
import { messages } from '../locales/en/shell.json?lingui';
import { dismissToast, type Toast, toastStore } from './toasts';
import { keepOnTop } from './ui/layers';

const EMPTY: Toast[] = [];

/**
 * The toasts' live region (toasts.tsx): an error is an alert with a close button, a success a status. The region is
 * made here, outside React's tree, so that it can move into whichever dialog is on top (ui/layers.ts) without React
 * losing track of it.
 */
export default function ToastRegion() {
  const list = useSyncExternalStore(toastStore.subscribe, toastStore.list, () => EMPTY);
  const t = useT(messages);
  const spec = useSpecText();
  const [region, setRegion] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const el = document.createElement('div');
    el.className = 'toasts';
    el.setAttribute('aria-live', 'polite');
    el.setAttribute('popover', 'manual');
    document.body.append(el);
    const kept = keepOnTop(el, () => toastStore.list().length > 0);
    toastStore.keep(kept);
    setRegion(el);
    return () => {
      kept.stop();
      toastStore.keep(null);
      el.remove();
    };
  }, []);
  if (!region) return null;
  return createPortal(
    list.map((toast) => (
      <div key={toast.id} className={`toast toast-${toast.tone}`}>
        <div role={toast.tone === 'error' ? 'alert' : 'status'}>
          {toast.title ? <strong>{spec(toast.title)}: </strong> : null}
          {spec(toast.message)}
        </div>
        {toast.tone === 'error' ? (
          <button
            type="button"
            className="toast-close"
            aria-label={t('toast.dismiss')}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        ) : null}
      </div>
    )),
    region,
  );
}
