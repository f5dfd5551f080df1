import type { TAlert } from '@chaupal/contract';
import { useEffect, useId, useRef } from 'react';
import { useT } from '../../app/i18n';
import { ALERT_ID, ALERT_SEEN, alertSignature } from '../../app/start';
import { ResponsiveImage } from '../../components/image';
import { Button } from '../../components/ui/ui';
import { VideoFacade } from '../../components/video-facade';
import { messages } from '../../locales/en/home.json?lingui';

/**
 * The session-once alert (SPEC §2). The server renders it as a closed native dialog whose OK and × close it without
 * any script (`method="dialog"`); the page's start script opens it on arrival unless this browser session has seen
 * it, so the home page needs no app to show it (decision 012). The session remembers which alert it saw, so a new or
 * changed alert (an admin's edit) shows once more. When the start script leaves it (the Edit Profile dialog that
 * /?openProfile=true opens comes first), the app opens it once no other dialog is open. On /about and /contact
 * (`opens` false) it does not open at all: a visitor who came to write to the site is not interrupted by a modal a
 * second later, and the start script opens it on the home page alone.
 */
export function AlertModal({ alert, opens = true }: { alert: TAlert | null; opens?: boolean }) {
  const t = useT(messages);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!opens || !alert || !d || d.open || sessionStorage.getItem(ALERT_SEEN) === alertSignature(alert)) return;
    // One dialog at a time: the alert waits while another dialog is open, and for the Edit Profile dialog
    // that /?openProfile=true is about to open (it comes first; a visitor who is not signed in gets none: 3 s at most).
    let awaitingProfile = new URLSearchParams(window.location.search).get('openProfile') === 'true';
    const tryOpen = () => {
      if (document.querySelector('dialog[open]')) awaitingProfile = false;
      else if (!awaitingProfile && !d.open) d.showModal();
      return d.open;
    };
    if (tryOpen()) return;
    const watch = new MutationObserver(() => tryOpen() && stop());
    const timer = setTimeout(() => {
      awaitingProfile = false;
      if (tryOpen()) stop();
    }, 3000);
    const stop = () => {
      watch.disconnect();
      clearTimeout(timer);
    };
    watch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return stop;
  }, [alert, opens]);
  if (!alert) return null;
  const signature = alertSignature(alert);
  return (
    <dialog
      ref={ref}
      id={ALERT_ID}
      className="dialog"
      aria-labelledby={titleId}
      onClose={() => sessionStorage.setItem(ALERT_SEEN, signature)}
    >
      <form method="dialog" className="stack gap-md">
        <div className="dialog-head">
          <h2 id={titleId}>{alert.title}</h2>
          <button type="submit" className="dialog-close" aria-label={t('home.close')}>
            ×
          </button>
        </div>
        {alert.view_type === 'image' && alert.image ? (
          // Sized, so the open dialog does not grow when the picture arrives; lazy, so a closed one costs nothing.
          <ResponsiveImage
            src={alert.image}
            alt={alert.title}
            sizes="(min-width: 600px) 520px, calc(100vw - 64px)"
            className="dialog-image"
          />
        ) : null}
        {alert.view_type === 'video' && alert.videolink ? (
          <VideoFacade url={alert.videolink} title={alert.title} />
        ) : null}
        {alert.content ? <p>{alert.content}</p> : null}
        <Button type="submit" full>
          {t('home.ok')}
        </Button>
      </form>
    </dialog>
  );
}
