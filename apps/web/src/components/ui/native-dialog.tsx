import type { ReactNode, Ref } from 'react';
import { useId } from 'react';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/shell.json?lingui';

/**
 * The attributes of a button that opens or closes a dialog by itself (HTML's invoker commands, `commandfor`): it works
 * before the app runs and without scripts; the start script does the same in a browser that lacks them. React passes
 * attributes it does not know through as they are; the types do not list these yet.
 */
export const invokes = (dialog: string, command: 'show-modal' | 'close') =>
  ({ commandfor: dialog, command }) as Record<string, string>;

/**
 * A modal dialog the page's own HTML opens: a `<dialog>` with an id, opened by a button with `invokes(id,
 * 'show-modal')` or a link with `data-opens={id}` (start script), closed by its × (`invokes(id, 'close')`) or Escape.
 * React renders its content and may open or close it too; it does not own whether it is open.
 */
export function NativeDialog({
  id,
  title,
  className,
  dialogRef,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  dialogRef?: Ref<HTMLDialogElement>;
  children: ReactNode;
}) {
  const titleId = useId();
  const t = useT(messages);
  return (
    <dialog id={id} ref={dialogRef} className={className ? `dialog ${className}` : 'dialog'} aria-labelledby={titleId}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog-close" aria-label={t('dialog.close')} {...invokes(id, 'close')}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
