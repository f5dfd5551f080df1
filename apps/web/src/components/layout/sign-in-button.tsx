import { useState } from 'react';
import { Button, Dialog } from '../ui/ui';

/** SPEC §2: "Sign in" opens the Signin dialog (static backdrop). Its forms arrive with the accounts screens. */
export function SignInButton({ full }: { full?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} full={full}>
        Sign in
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Signin">
        <p>Contributor sign-in opens soon.</p>
      </Dialog>
    </>
  );
}
