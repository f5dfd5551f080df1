import type { TAlert } from '@chaupal/contract';
import { useEffect, useState } from 'react';
import { Button, Dialog } from '../../components/ui/ui';
import { VideoFacade } from '../../components/video-facade';

const VISITED = 'chaupal.alertSeen';

/** The session-once alert (SPEC §2): opened after hydration unless this browser session has seen it. */
export function AlertModal({ alert }: { alert: TAlert | null }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (alert && !sessionStorage.getItem(VISITED)) setOpen(true);
  }, [alert]);
  if (!alert) return null;
  const close = () => {
    sessionStorage.setItem(VISITED, '1');
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} title={alert.title}>
      <div className="stack gap-md">
        {alert.view_type === 'image' && alert.image ? (
          <img src={alert.image} alt={alert.title} className="dialog-image" />
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
