import type { TAdminTaxon, TAdminUser } from '@chaupal/contract';
import { ZUserPatch } from '@chaupal/contract/admin';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../components/ui/ui';
import { type FieldErrors, FormButtons, submitForm, useAdmin } from './kit';

/**
 * Makes a user an editor, or changes an editor's editions (decision 033): the editions whose news they look after,
 * none chosen meaning every edition. Features are every editor's.
 */
export function EditorDialog({
  user,
  editions,
  onClose,
  onSaved,
}: {
  user: TAdminUser;
  editions: TAdminTaxon[];
  onClose(): void;
  onSaved(): void;
}) {
  const { api } = useAdmin();
  const id = useId();
  const [chosen, setChosen] = useState<string[]>(user.editorEditions);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const toggle = (edition: string) =>
    setChosen((c) => (c.includes(edition) ? c.filter((e) => e !== edition) : [...c, edition]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    const ok = await submitForm(
      ZUserPatch,
      { role: 'editor', editorEditions: chosen },
      () => api.updateUser(user.id, { role: 'editor', editorEditions: chosen }),
      setErrors,
    );
    setBusy(false);
    if (ok) onSaved();
  }

  const error = errors.editorEditions ?? errors.role;
  return (
    <Dialog
      open
      onClose={onClose}
      title={user.role === 'editor' ? `Editions of ${user.name}` : `Make ${user.name} an editor`}
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <p>
          An editor moderates, edits and schedules news and features, and nothing else of the console. They keep their
          own records as a contributor.
        </p>
        <fieldset className="field multi" aria-describedby={`${id}-hint`}>
          <legend>Editions</legend>
          <p className="muted small" id={`${id}-hint`}>
            None chosen: every edition
          </p>
          <div className="multi-options">
            {editions.map((edition) => (
              <label key={edition.id} className="check">
                <input type="checkbox" checked={chosen.includes(edition.id)} onChange={() => toggle(edition.id)} />
                <span>
                  {edition.title}
                  {edition.status === 'hold' ? ' (held)' : ''}
                </span>
              </label>
            ))}
            {!editions.length ? <span className="muted small">No editions yet</span> : null}
          </div>
          {error ? <p className="field-error">{error}</p> : null}
        </fieldset>
        <FormButtons busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
