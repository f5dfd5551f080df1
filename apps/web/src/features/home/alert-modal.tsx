import type { TAlert } from '@chaupal/contract';
import { useEffect, useState } from 'react';
import { ALERT_SEEN, alertSignature } from '../../app/start';
import { ResponsiveImage } from '../../components/image';
import { Button, Dialog } from '../../components/ui/ui';
import { VideoFacade } from '../../components/video-facade';

/**
 * The session-once alert (SPEC §2): opened after hydration unless this browser session has seen it. The session
 * remembers which alert it saw, so a new or changed alert (an admin's edit) shows once more.
 */
export function AlertModal({ alert }: { alert: TAlert | null }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!alert || sessionStorage.getItem(ALERT_SEEN) === alertSignature(alert)) return;
    // One dialog at a time (issue 12): the alert waits while another dialog is open, and for the Edit Profile dialog
    // that /?openProfile=true is about to open (it comes first; a visitor who is not signed in gets none: 3 s at most).
    let awaitingProfile = new URLSearchParams(window.location.search).get('openProfile') === 'true';
    const tryOpen = () => {
      if (document.querySelector('dialog[open]')) awaitingProfile = false;
      else if (!awaitingProfile) setOpen(true);
      return !awaitingProfile && !document.querySelector('dialog[open]');
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
  }, [alert]);
  if (!alert) return null;
  const close = () => {
    sessionStorage.setItem(ALERT_SEEN, alertSignature(alert));
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} title={alert.title}>
      <div className="stack gap-md">
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
        <Button onClick={close} full>
          OK
        </Button>
      </div>
    </Dialog>
  );
}
