import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../api/client';
import { useServices } from '../../app/services';
import { notify } from '../toasts';

/** The localities of the chosen circles: they reload when the circles change; a failed load empties them (SPEC §4). */
export function useLocalities(circleIds: string[]) {
  const { apiFetch } = useServices();
  const key = [...circleIds].sort().join(',');
  const { data = [] } = useQuery({
    queryKey: ['blocks-of', key],
    enabled: Boolean(key),
    queryFn: () =>
      callApi<{ data: { id: string; name: string }[] }>(
        apiFetch,
        `/blocks/view?${circleIds.map((c) => `circles[]=${c}`).join('&')}`,
      ).then((r) => r.data),
  });
  return key ? data : [];
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
      notify(err.body.error, { tone: 'error' });
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
