import { documentName } from '@chaupal/contract/documents';
import { useId, useState } from 'react';
import { useSpecText, useT } from '../../app/i18n';
import { messages } from '../../locales/en/editing.json?lingui';
import { FileInput } from '../ui/file-input';
import { RESIZE_FAILED, resizeImage, UPLOAD_FAILED, uploadFile } from './uploads';

/** An upload's error in the page's language: ours by key, the API's sentence by the spec catalogue. */
function useUploadError() {
  const t = useT(messages);
  const spec = useSpecText();
  return (error: string) =>
    error === UPLOAD_FAILED
      ? t('editing.uploadFailed')
      : error === RESIZE_FAILED
        ? t('editing.resizeFailed')
        : spec(error);
}

/** One image (the latest replaces), kept large and uploaded with a progress bar; hint 340px*240px (SPEC §2, §5). */
export function ImageField({
  token,
  value,
  onChange,
  label,
  box,
  hint,
}: {
  token: string;
  value: string;
  onChange(url: string): void;
  label?: string;
  /** The least size the image must still cover when scaled down before upload (see `resizeImage`). */
  box?: { width: number; height: number };
  hint?: string;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  // Removing the image starts the file input afresh, so it no longer names the file it held.
  const [removals, setRemovals] = useState(0);
  const t = useT(messages);
  const uploadError = useUploadError();
  async function pick(file: File | undefined) {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    try {
      const image = await resizeImage(file, box);
      // Named .jpg; the server names a file by the type of its bytes, so a PNG sent as it is stays a .png.
      onChange(await uploadFile(token, image, `${file.name.replace(/\.[^.]+$/, '') || 'image'}.jpg`, setProgress));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setProgress(null);
    }
  }
  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-name`}>
        {label ?? t('editing.image')}
      </label>
      {value ? (
        <div className="row gap-sm">
          <img src={value} alt="" className="thumb" />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setRemovals((n) => n + 1);
              onChange('');
            }}
          >
            {t('editing.removeImage')}
          </button>
        </div>
      ) : null}
      <FileInput
        key={removals}
        id={id}
        accept="image/jpeg,image/png,image/webp"
        labelledBy={`${id}-name`}
        describedBy={`${id}-hint`}
        onFiles={(files) => pick(files[0])}
      />
      <p className="muted small" id={`${id}-hint`}>
        {hint ?? t('editing.imageHint')}
      </p>
      {progress !== null ? <progress value={progress} max={1} aria-label={t('editing.uploadProgress')} /> : null}
      {error ? <p className="field-error">{uploadError(error)}</p> : null}
    </div>
  );
}

/** Many documents (jpeg, png, doc, docx, pdf); existing ones listed by file name with a delete icon (SPEC §2). */
export function DocumentsField({
  token,
  value,
  onChange,
}: {
  token: string;
  value: string[];
  onChange(urls: string[]): void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const t = useT(messages);
  const uploadError = useUploadError();
  async function pick(files: File[]) {
    if (!files.length) return;
    setBusy(true);
    setError(undefined);
    const added: string[] = [];
    try {
      for (const f of files) added.push(await uploadFile(token, f, f.name));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      onChange([...value, ...added]);
      setBusy(false);
    }
  }
  return (
    <div className="field">
      <label htmlFor={id} id={`${id}-name`}>
        {t('editing.documents')}
      </label>
      <ul className="doc-list">
        {value.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener">
              {documentName(url)}
            </a>
            <button
              type="button"
              className="doc-delete"
              aria-label={t('editing.deleteDocument', { name: documentName(url) })}
              onClick={() => onChange(value.filter((u) => u !== url))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <FileInput
        id={id}
        multiple
        accept=".jpg,.jpeg,.png,.pdf,.doc,.docx"
        disabled={busy}
        labelledBy={`${id}-name`}
        onFiles={pick}
      />
      {error ? <p className="field-error">{uploadError(error)}</p> : null}
    </div>
  );
}
