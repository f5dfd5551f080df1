import type { TAlert } from '@chaupal/contract';
import { Button, Image, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { VideoFacade } from '../../components/video-facade';

const VISITED = 'chaupal.alertSeen';

/** The session-once alert (SPEC §2): opened after hydration unless this browser session has seen it. */
export function AlertModal({ alert }: { alert: TAlert | null }) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (alert && !sessionStorage.getItem(VISITED)) setOpened(true);
  }, [alert]);
  if (!alert) return null;
  const close = () => {
    sessionStorage.setItem(VISITED, '1');
    setOpened(false);
  };
  return (
    <Modal opened={opened} onClose={close} title={alert.title} centered closeOnClickOutside={false} size="lg">
      {alert.view_type === 'image' && alert.image ? (
        <Image src={alert.image} alt={alert.title} radius="md" mb="md" />
      ) : null}
      {alert.view_type === 'video' && alert.videolink ? (
        <VideoFacade url={alert.videolink} title={alert.title} />
      ) : null}
      {alert.content ? <Text mb="md">{alert.content}</Text> : null}
      <Button onClick={close} fullWidth>
        OK
      </Button>
    </Modal>
  );
}
