import type { TContentKind } from '@chaupal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, callApi } from '../../api/client';
import type { ContentOf } from '../../api/queries';
import { useServices } from '../../app/services';
import type { signedInApi } from '../../app/signed-in';
import { notify } from '../toasts';

/**
 * The localities of the chosen circles: they reload when the circles change; a failed load empties them (SPEC §4).
 * `inChosenCircles` keeps the chosen localities that lie in the chosen circles, for the form to send. It waits for the
 * circles' localities when they are still loading: a draft restored or a record opened and saved at once would
 * otherwise lose its localities to a list not yet there.
 */
export function useLocalities(circleIds: string[]) {
  const { apiFetch } = useServices();
  const client = useQueryClient();
  const key = [...circleIds].sort().join(',');
  const options = useMemo(
    () =>
      queryOptions({
        queryKey: ['blocks-of', key],
        queryFn: () =>
          callApi<{ data: { id: string; name: string }[] }>(
            apiFetch,
            `/blocks/view?${key
              .split(',')
              .map((c) => `circles[]=${c}`)
              .join('&')}`,
          ).then((r) => r.data),
      }),
    [key, apiFetch],
  );
  const { data = [] } = useQuery({ ...options, enabled: Boolean(key) });
  const inChosenCircles = useCallback(
    async (chosen: string[]) => {
      if (!key) return [];
      const localities = await client.ensureQueryData(options).catch(() => []);
      return chosen.filter((b) => localities.some((x) => x.id === b));
    },
    [key, client, options],
  );
  return { localities: key ? data : [], inChosenCircles };
}

/**
 * Saves a content form. On success: the server's message and `onSaved` (the dialog closes, the list reloads). On a
 * refusal the dialog stays open with the server's errors under the fields (SPEC §4).
 */
export async function sendForm(
  save: () => Promise<{ message: string }>,
  o: {
    fieldOf(parameter: string): string;
    setErrors(e: Record<string, string>): void;
    setBusy(b: boolean): void;
    onSaved(): void;
    /** After the server's errors are put under the fields (to bring the first into view). */
    onRefused?(): void;
    /** Said when the server cannot be reached (the work stays in the form and its autosave). */
    unreachable: string;
  },
) {
  o.setBusy(true);
  try {
    const r = await save();
    notify(r.message);
    o.onSaved();
  } catch (err) {
    if (err instanceof ApiError) {
      o.setErrors(Object.fromEntries((err.body.details ?? []).map((d) => [o.fieldOf(d.parameter), d.errors[0]])));
      o.onRefused?.();
      notify(err.body.error, { tone: 'error' });
    } else {
      notify(o.unreachable, { tone: 'error' });
    }
  } finally {
    o.setBusy(false);
  }
}

/**
 * The part of every content form SPEC §4 rules: circles and localities, new documents, and on edit a removed
 * image (deleteImage/deletePhoto), removed documents (deleteDocuments) and the slug.
 */
export function appendLinksAndFiles(
  form: FormData,
  v: { circles: string[]; blocks: string[]; documents: string[]; image: string; slug: string },
  edit: { original: { image: string; documents: string[] }; deleteField: 'deleteImage' | 'deletePhoto' } | null,
) {
  for (const c of v.circles) form.append('circles[]', c);
  for (const b of v.blocks) form.append('blocks[]', b);
  const before = edit?.original.documents ?? [];
  for (const d of v.documents.filter((d) => !before.includes(d))) form.append('documents[]', d);
  if (!edit) return;
  form.append(edit.deleteField, String(Boolean(edit.original.image) && !v.image));
  for (const d of before.filter((d) => !v.documents.includes(d))) form.append('deleteDocuments[]', d);
  form.append('slug', v.slug);
}

/** What a person types into or picks in a field, in the order a field shows them. */
const CONTROLS = [
  '[aria-invalid="true"]',
  '[contenteditable="true"]',
  'input:not([type="hidden"]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  'button:not(:disabled)',
].join(', ');

/**
 * Takes the person to the first field in error: the one standing first in the form, scrolled to the middle of its
 * dialog, with the focus in its control (an invalid control, else the rich text's body, else its first control: a
 * multi-select's search box, a day's first time). Otherwise the focus stays on Submit, far below the messages.
 */
export function focusFirstError(form: HTMLFormElement | null) {
  const error = form?.querySelector('.field-error');
  if (!error) return;
  const field = error.closest('.field, fieldset, .stack') ?? error.parentElement;
  const control =
    field?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    field?.querySelector<HTMLElement>('[contenteditable="true"]') ??
    field?.querySelector<HTMLElement>(CONTROLS);
  const target = control ?? (error as HTMLElement);
  (field ?? error).scrollIntoView({ block: 'center' });
  if (!control) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/**
 * The form's ref and `reveal()`: call it when errors are set, and once they are on the screen the first one is
 * brought into view with the focus in its field (`focusFirstError`).
 */
export function useFirstErrorFocus() {
  const ref = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt) focusFirstError(ref.current);
  }, [attempt]);
  const reveal = useCallback(() => setAttempt((n) => n + 1), []);
  return { ref, reveal };
}

/** What the dashboard gives a kind's add-and-edit form (`id` null: a new record). */
export interface KindFormProps<K extends TContentKind = TContentKind> {
  kind: K;
  api: ReturnType<typeof signedInApi>;
  token: string;
  id: string | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * A kind's own add-and-edit form and preview (the shell's KIND_PAGES), in place of its family's form and the shared
 * detail view, in the dashboards and the console.
 */
export interface KindParts {
  Form: ComponentType<KindFormProps>;
  Preview: ComponentType<{ item: ContentOf<TContentKind> }>;
}
