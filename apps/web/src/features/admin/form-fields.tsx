import { useState } from 'react';
import { ImageField } from '../../components/editing/file-fields';
import { RichTextEditor } from '../../components/editing/rich-text-editor';
import { Field } from '../../components/ui/ui';
import { type FieldErrors, useAdmin } from './kit';

export type Values = Record<string, string | boolean>;
/** A form's state as the field helpers below read and change it. */
export interface Form {
  v: Values;
  set(k: string, value: string | boolean): void;
  errors: FieldErrors;
}

/** Nulls (no image, no video) become empty strings for the inputs; the contract's schemas read '' as none. */
export const toValues = (o: object): Values =>
  Object.fromEntries(Object.entries(o).map(([k, x]) => [k, typeof x === 'boolean' ? x : String(x ?? '')]));

export function TextInput(p: {
  f: Form;
  name: string;
  label: string;
  required?: boolean;
  rows?: number;
  type?: string;
}) {
  const { f, name } = p;
  return (
    <Field label={p.label} required={p.required} error={f.errors[name]}>
      {(id, describedBy) => {
        const props = {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': Boolean(f.errors[name]),
          value: String(f.v[name] ?? ''),
          onChange: (e: { target: { value: string } }) => f.set(name, e.target.value),
        };
        return p.rows ? <textarea rows={p.rows} {...props} /> : <input type={p.type ?? 'text'} {...props} />;
      }}
    </Field>
  );
}

export function RichInput({ f, name, label }: { f: Form; name: string; label: string }) {
  return (
    <Field label={label} error={f.errors[name]}>
      {(id) => (
        <RichTextEditor
          id={id}
          value={String(f.v[name] ?? '')}
          onChange={(html) => f.set(name, html)}
          invalid={Boolean(f.errors[name])}
        />
      )}
    </Field>
  );
}

export function ImageInput(p: {
  f: Form;
  name: string;
  label: string;
  box: { width: number; height: number };
  hint: string;
}) {
  const { session } = useAdmin();
  const error = p.f.errors[p.name];
  return (
    <div>
      <ImageField
        token={session.token}
        value={String(p.f.v[p.name] ?? '')}
        onChange={(url) => p.f.set(p.name, url)}
        label={p.label}
        box={p.box}
        hint={p.hint}
      />
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

export const useForm = (initial: Values) => {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (k: string, value: string | boolean) => setV((old) => ({ ...old, [k]: value }));
  return { v, set, errors, setErrors };
};
