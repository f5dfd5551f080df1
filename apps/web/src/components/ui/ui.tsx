import { SHELL_MESSAGES } from '@chaupal/contract/shell-messages';
import { type ComponentProps, type ReactNode, useEffect, useId, useRef } from 'react';
import { useSpecText, useT } from '../../app/i18n';
import { messages } from '../../locales/en/shell.json?lingui';
import { Link } from './link';

/**
 * The public pages' building blocks: plain elements and one stylesheet (ui.css), so a visitor downloads no UI
 * library (docs/decisions/004-lean-public-ui.md). Signed-in areas use Mantine in their own lazy chunks.
 */

const cx = (...c: (string | false | undefined | null)[]) => c.filter(Boolean).join(' ');

export function Container({
  size = 'xl',
  className,
  ...p
}: ComponentProps<'div'> & { size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  return <div className={cx('container', `container-${size}`, className)} {...p} />;
}

export function Stack({ gap = 'md', className, ...p }: ComponentProps<'div'> & { gap?: 'xs' | 'sm' | 'md' | 'lg' }) {
  return <div className={cx('stack', `gap-${gap}`, className)} {...p} />;
}

export function Row({
  gap = 'sm',
  className,
  between,
  ...p
}: ComponentProps<'div'> & { gap?: 'xs' | 'sm' | 'md' | 'lg'; between?: boolean }) {
  return <div className={cx('row', `gap-${gap}`, between && 'between', className)} {...p} />;
}

type Variant = 'primary' | 'light' | 'outline' | 'green' | 'white';
interface ButtonLook {
  variant?: Variant;
  size?: 'xs' | 'md';
  full?: boolean;
}
const buttonClass = ({ variant = 'primary', size = 'md', full }: ButtonLook, extra?: string) =>
  cx('btn', `btn-${variant}`, `btn-${size}`, full && 'btn-full', extra);

export function Button({
  variant,
  size,
  full,
  className,
  type = 'button',
  ...p
}: ComponentProps<'button'> & ButtonLook) {
  return <button type={type} className={buttonClass({ variant, size, full }, className)} {...p} />;
}

/** A link that looks like a button: an in-app route (`to`) or any URL (`href`). */
export function ButtonLink({
  variant,
  size,
  full,
  className,
  to,
  ...p
}: ComponentProps<'a'> & ButtonLook & { to?: string }) {
  const cls = buttonClass({ variant, size, full }, className);
  return to ? <Link to={to} className={cls} {...p} /> : <a className={cls} {...p} />;
}

export function Grid({ className, ...p }: ComponentProps<'div'>) {
  return <div className={cx('grid', className)} {...p} />;
}

export function Badge({ children }: { children: ReactNode }) {
  return <span className="badge">{children}</span>;
}

export function Spinner({ label }: { label?: string }) {
  const spec = useSpecText();
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? spec(SHELL_MESSAGES.loading)}</span>
    </div>
  );
}

interface FieldProps {
  label: string;
  error?: string;
  required?: boolean;
  children: (id: string, describedBy?: string) => ReactNode;
  className?: string;
}

/** A label, the control and its error under it (SPEC §5: errors appear under each field). */
export function Field({ label, error, required, children, className }: FieldProps) {
  const id = useId();
  const spec = useSpecText();
  const errorId = `${id}-error`;
  return (
    <div className={cx('field', className)}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children(id, error ? errorId : undefined)}
      {error ? (
        <p className="field-error" id={errorId}>
          {spec(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A modal dialog on the native <dialog>: focus moves in and back, Escape closes, and a click outside does not
 * (SPEC §2: static backdrop). Toasts show above it, as above any open dialog (layers.ts).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT(messages);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={cx('dialog', className)}
      aria-labelledby={titleId}
      onClose={onClose}
      // Only the dialog's own cancel (Escape): a file input inside fires a `cancel` that bubbles when its picker is
      // dismissed, and that must not close the form around it.
      onCancel={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog-close" onClick={onClose} aria-label={t('dialog.close')}>
          ×
        </button>
      </div>
      {open ? children : null}
    </dialog>
  );
}
