import { useState } from 'react';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/files.json?lingui';

/**
 * A file input that speaks the page's language. The browser draws its own button and status ("Choose File",
 * "No file chosen") in the browser's language, whatever the page's, so the native input is hidden from sight (still
 * the control that takes the focus, opens the picker on Space or Enter and receives the files) and a label styled as
 * a button stands for it, with the chosen file's name (or how many) beside it. The input is named by the field's
 * label (`labelledBy`, or its own `<label for>`) and described by the button's text and the status, as the native
 * control announces them.
 */
export function FileInput({
  id,
  onFiles,
  accept,
  multiple,
  disabled,
  labelledBy,
  describedBy,
}: {
  id: string;
  onFiles(files: File[]): void;
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The id of the field's label, when it should name the input alone. */
  labelledBy?: string;
  describedBy?: string;
}) {
  const t = useT(messages);
  const [names, setNames] = useState<string[]>([]);
  const buttonId = `${id}-button`;
  const statusId = `${id}-status`;
  const status =
    names.length === 0 ? t('files.none') : names.length === 1 ? names[0] : t('files.count', { count: names.length });
  return (
    <div className="file-input">
      <input
        id={id}
        type="file"
        className="file-input-native"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={labelledBy}
        aria-describedby={[buttonId, statusId, describedBy].filter(Boolean).join(' ')}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          setNames(files.map((f) => f.name));
          // Emptied, so picking the same file again (after removing it) is a change too.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      {/* A second label of the input: a click on it opens the picker. Hidden from assistive technology, which hears
          its text as the input's description instead of a second name. */}
      <label htmlFor={id} id={buttonId} className="btn btn-outline btn-md file-input-button" aria-hidden="true">
        {t(multiple ? 'files.chooseMany' : 'files.choose')}
      </label>
      <span id={statusId} className="file-input-status small">
        {status}
      </span>
    </div>
  );
}
