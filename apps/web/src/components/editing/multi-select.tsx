import { useId, useState } from 'react';
import { useSpecText, useT } from '../../app/i18n';
import { messages } from '../../locales/en/editing.json?lingui';

export interface Option {
  value: string;
  label: string;
}

/** A searchable multi-select as a filtered list of checkboxes: keyboard- and screen-reader-friendly. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  options: Option[];
  value: string[];
  onChange(v: string[]): void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const t = useT(messages);
  const spec = useSpecText();
  const shown = options.filter((o) => o.label.toLowerCase().includes(q.trim().toLowerCase()));
  const toggle = (v: string) => onChange(value.includes(v) ? value.filter((x) => x !== v) : [...value, v]);
  return (
    <fieldset className="field multi" disabled={disabled} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {label}{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </legend>
      <input
        type="search"
        placeholder={t('editing.searchIn', { label })}
        aria-label={t('editing.searchIn', { label })}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <div className="multi-options">
        {shown.map((o) => (
          <label key={o.value} className="check">
            <input type="checkbox" checked={value.includes(o.value)} onChange={() => toggle(o.value)} />
            <span>{o.label}</span>
          </label>
        ))}
        {!shown.length ? <span className="muted small">{t('editing.nothingToChoose')}</span> : null}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {spec(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
