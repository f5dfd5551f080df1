import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLang, useT } from '../../app/i18n';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { messages } from '../../locales/en/editing.json?lingui';
import { formatDateTime } from '../dates';
import { Button } from '../ui/ui';

/** How long after the last change the form's values are written down. */
export const AUTOSAVE_DELAY_MS = 2_000;

interface Saved<V> {
  savedAt: string;
  values: V;
}

const keyOf = (userId: string, kind: string, id: string | null) => `chaupal.autosave.${userId}.${kind}.${id ?? 'new'}`;

function readSaved<V>(key: string): Saved<V> | null {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? 'null') as Saved<V> | null;
    return saved && typeof saved.savedAt === 'string' && saved.values ? saved : null;
  } catch {
    return null;
  }
}

/**
 * The form's autosave (decision 033): a few seconds after each change, the values are kept in this browser under the
 * account, the kind and the record, where a dropped connection cannot lose them. When the form opens and such work is
 * kept, it is offered back (`offer`) and nothing more is written until the person restores or discards it. A save
 * that reaches the server clears it (`clear`).
 *
 * `values` is null while the record loads; the first values the form holds are its baseline, and only a change from
 * them is work worth keeping.
 */
export function useAutosave<V>(kind: string, id: string | null, values: V | null, setValues: (v: V) => void) {
  const userId = useSession()?.user.id;
  const key = userId ? keyOf(userId, kind, id) : null;
  const [offer, setOffer] = useState<Saved<V> | null>(null);
  const decided = useRef(false);
  const baseline = useRef<string | null>(null);

  useEffect(() => {
    if (!key || decided.current) return;
    const saved = readSaved<V>(key);
    if (saved) setOffer(saved);
    else decided.current = true;
  }, [key]);

  const json = values === null ? null : JSON.stringify(values);
  if (json !== null && baseline.current === null) baseline.current = json;

  useEffect(() => {
    if (!key || json === null || offer || json === baseline.current) return;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values: JSON.parse(json) }));
      } catch {
        // A full or forbidden storage keeps nothing; the form still works.
      }
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, json, offer]);

  const clear = useCallback(() => {
    if (key) localStorage.removeItem(key);
  }, [key]);
  // Kept values go over the form's, so work kept by an older form that lacked a field still fills the rest.
  const restore = useCallback(() => {
    if (offer && values) setValues({ ...values, ...offer.values });
    decided.current = true;
    setOffer(null);
  }, [offer, values, setValues]);
  const discard = useCallback(() => {
    clear();
    decided.current = true;
    setOffer(null);
  }, [clear]);
  return { offer: values === null ? null : offer, restore, discard, clear };
}

/** "Your unsaved work from … is kept on this device": Restore or Discard, above the form's fields. */
export function AutosaveNotice({ autosave }: { autosave: ReturnType<typeof useAutosave> }) {
  const t = useT(messages);
  const lang = useLang();
  const { siteTz } = useServices();
  if (!autosave.offer) return null;
  return (
    <div className="notice autosave-notice" role="status">
      <p>{t('editing.autosave.kept', { time: formatDateTime(autosave.offer.savedAt, siteTz, lang) })}</p>
      <div className="row gap-xs">
        <Button type="button" size="xs" onClick={autosave.restore}>
          {t('editing.autosave.restore')}
        </Button>
        <Button type="button" size="xs" variant="outline" onClick={autosave.discard}>
          {t('editing.autosave.discard')}
        </Button>
      </div>
    </div>
  );
}

/** Whether a form was sent by its "Save draft" button rather than Submit. */
export const sentAsDraft = (e: FormEvent) =>
  ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.name === 'draft';

/**
 * Submit, and "Save draft" for a new record or a draft (decision 033): a record already submitted is not turned back
 * into a draft from its form.
 */
export function FormActions({ busy, draftable }: { busy: boolean; draftable: boolean }) {
  const t = useT(messages);
  return (
    <div className="row gap-sm form-actions">
      <Button type="submit" disabled={busy}>
        {t('editing.submit')}
      </Button>
      {draftable ? (
        <Button type="submit" name="draft" variant="outline" disabled={busy}>
          {t('editing.saveDraft')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * What a content form needs for drafts: its autosave, the stored record's status (`setStatus` once loaded), whether
 * it may be saved as a draft, and the options of `sendForm` that clear the autosave once the server has the work.
 */
export function useDraftForm<V>(
  kind: string,
  id: string | null,
  values: V | null,
  setValues: (v: V) => void,
  onSaved: () => void,
) {
  const t = useT(messages);
  const [status, setStatus] = useState<string | null>(null);
  const autosave = useAutosave(kind, id, values, setValues);
  return {
    autosave,
    setStatus,
    draftable: !id || status === 'draft',
    send: {
      onSaved: () => {
        autosave.clear();
        onSaved();
      },
      unreachable: t('editing.unreachable'),
    },
  };
}
