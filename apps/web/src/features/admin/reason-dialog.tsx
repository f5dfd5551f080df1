import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { Button, Dialog, Field } from '../../components/ui/ui';
import { type FieldErrors, submitForm } from './kit';

/**
 * An admin's step that needs a reason (holding a record, removing a review): the reason is required, checked by the
 * step's schema, e-mailed to the person it touches and kept by the console. Closing the dialog forgets what was typed.
 */
export function ReasonDialog({
  open,
  title,
  intro,
  verb,
  busyVerb,
  schema,
  send,
  onClose,
  onDone,
}: {
  open: boolean;
  title: string;
  /** What the step does, and who is told. */
  intro: ReactNode;
  /** The button ("Hold"), and what it says while the step runs ("Holding..."). */
  verb: string;
  busyVerb: string;
  schema: z.ZodType;
  send(body: { reason: string }): Promise<{ message?: string }>;
  onClose(): void;
  onDone(): unknown;
}) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setErrors({});
    onClose();
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const ok = await submitForm(schema, { reason }, (b) => send(b as { reason: string }), setErrors);
    setBusy(false);
    if (ok) {
      close();
      onDone();
    }
  }
  return (
    <Dialog open={open} onClose={close} title={title}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <p className="muted">{intro}</p>
        <Field label="Reason" required error={errors.reason}>
          {(id, describedBy) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              rows={4}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <div className="row gap-sm">
          <Button type="submit" disabled={busy}>
            {busy ? busyVerb : verb}
          </Button>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
