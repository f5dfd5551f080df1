import Placeholder from '@tiptap/extension-placeholder';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useT } from '../../app/i18n';
import { messages } from '../../locales/en/editing.json?lingui';
import './rich-text-editor.css';

/** Rich text for descriptions and content (SPEC §2: placeholder "Write something..."); the server sanitizes it. */
export function RichTextEditor({
  id,
  value,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  onChange(html: string): void;
  invalid?: boolean;
}) {
  const t = useT(messages);
  const editor = useEditor({
    extensions: [StarterKit, Placeholder.configure({ placeholder: t('editing.writeSomething') })],
    content: value,
    immediatelyRender: false,
    // Its base styles come from our stylesheet: the page's Content-Security-Policy refuses an injected <style>.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        class: 'editor-body',
        'aria-multiline': 'true',
        role: 'textbox',
        // A <label for> does not name a contenteditable element: its label must carry the id `<id>-label` (the Field's
        // does; a form labelling the editor by hand gives its label that id).
        'aria-labelledby': `${id}-label`,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const tool = (label: string, active: boolean, run: () => void) => (
    <button type="button" className={active ? 'tool active' : 'tool'} aria-pressed={active} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="editor">
      {editor ? (
        <div className="editor-tools" role="toolbar" aria-label={t('editing.formatting')}>
          {tool(t('editing.tool.bold'), editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
          {tool(t('editing.tool.italic'), editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
          {tool(t('editing.tool.heading'), editor.isActive('heading', { level: 2 }), () =>
            editor.chain().focus().toggleHeading({ level: 2 }).run(),
          )}
          {tool(t('editing.tool.bulletList'), editor.isActive('bulletList'), () =>
            editor.chain().focus().toggleBulletList().run(),
          )}
          {tool(t('editing.tool.orderedList'), editor.isActive('orderedList'), () =>
            editor.chain().focus().toggleOrderedList().run(),
          )}
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
