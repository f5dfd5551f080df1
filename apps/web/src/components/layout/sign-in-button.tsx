import { Button, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** SPEC §2: "Sign in" opens the Signin dialog (static backdrop). The forms arrive with the accounts screens. */
export function SignInButton({ fullWidth }: { fullWidth?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open} fullWidth={fullWidth}>
        Sign in
      </Button>
      <Modal opened={opened} onClose={close} title="Signin" closeOnClickOutside={false} centered>
        <Text>Contributor accounts open soon.</Text>
      </Modal>
    </>
  );
}
