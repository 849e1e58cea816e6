'use client';

import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { htmlLang, type WireLanguage } from '@/lib/i18n/languages';
import { EditorPanel, type PanelKind } from './EditorPanel';
import { EditorToolbar, type ToolbarButton } from './EditorToolbar';
import { FormReadOnly } from './read-only';
import styles from './form.module.css';

/**
 * What the editor can produce, kept to what the server's sanitiser (lib/security/sanitize.ts)
 * stores unchanged: headings from h2 (h1 is the page title), links without `target` (no surprise
 * new windows), images with `src` and `alt`.
 */
export const richTextExtensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
  }),
  Image,
];

export interface RichTextEditorProps {
  /** The editable area's id (labels, error summary links focus it). */
  id: string;
  /** The id of the element naming the editor (its visible label). */
  labelId: string;
  /** The field's name, for the toolbar's label. */
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  /** The content's language (the row's), for the editable area's `lang`. */
  language: WireLanguage;
}

/** The editor's HTML, or '' for an empty document (so "required" means something). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function editableAttributes(props: RichTextEditorProps): Record<string, string> {
  const attributes: Record<string, string> = {
    id: props.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelId,
    lang: htmlLang[props.language],
    class: styles.editable,
  };
  if (props.describedBy) attributes['aria-describedby'] = props.describedBy;
  if (props.invalid) attributes['aria-invalid'] = 'true';
  if (props.required) attributes['aria-required'] = 'true';
  return attributes;
}

/** Which toggles are on where the cursor is, and whether undo and redo can run. */
function formatStates(e: Editor) {
  return {
    paragraph: e.isActive('paragraph'),
    h2: e.isActive('heading', { level: 2 }),
    h3: e.isActive('heading', { level: 3 }),
    h4: e.isActive('heading', { level: 4 }),
    bold: e.isActive('bold'),
    italic: e.isActive('italic'),
    underline: e.isActive('underline'),
    strike: e.isActive('strike'),
    bulletList: e.isActive('bulletList'),
    orderedList: e.isActive('orderedList'),
    blockquote: e.isActive('blockquote'),
    link: e.isActive('link'),
    canUndo: e.can().undo(),
    canRedo: e.can().redo(),
  };
}

/**
 * The rich-text editor (in the back office's language, at least 800 px high, uploading to
 * /api/upload): TipTap with an accessible toolbar, and panels that upload an image (with its text
 * alternative) or a file (as a link with its name) before inserting it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, onBlur } = props;
  const t = useTranslations('adminForm.editor');
  const tForm = useTranslations('adminForm');
  const emitted = useRef(value);
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const callbacks = useRef({ onChange, onBlur });
  useEffect(() => {
    callbacks.current = { onChange, onBlur };
  }, [onChange, onBlur]);

  const editor = useEditor({
    extensions: richTextExtensions,
    content: value,
    // The back office renders on the client; the server has no editor to render.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: editableAttributes(props) },
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      emitted.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur?.(),
  });

  // A value from outside (the stored row arriving, a form reset) replaces the document.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  // Read-only while another account holds the row's lock; the document stays as typed.
  const readOnly = useContext(FormReadOnly);
  useEffect(() => {
    editor?.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  const attributes = JSON.stringify({ ...editableAttributes(props), ...(readOnly ? { 'aria-readonly': 'true' } : {}) });
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributes) as Record<string, string> } });
  }, [editor, attributes]);

  const tracked = useEditorState({ editor, selector: ({ editor: e }) => (e ? formatStates(e) : null) });
  // The tracked state follows transactions; before the first one it is still empty, and the
  // toolbar must be usable from the start (a keyboard user reaches it before typing anything).
  const state = tracked ?? (editor ? formatStates(editor) : null);

  const panelId = `${props.id}-panel`;
  const openPanel = (kind: PanelKind) => () => setPanel((open) => (open === kind ? null : kind));
  const closePanel = (inserted: string | null) => {
    setPanel(null);
    if (inserted) setAnnouncement(t('inserted', { name: inserted }));
    editor?.commands.focus();
  };

  const groups: ToolbarButton[][] =
    editor && state
      ? [
          [
            {
              key: 'paragraph',
              label: t('paragraph'),
              pressed: state.paragraph,
              run: () => editor.chain().focus().setParagraph().run(),
            },
            ...([2, 3, 4] as const).map((level) => ({
              key: `h${level}`,
              label: t('heading', { level }),
              pressed: state[`h${level}`],
              run: () => editor.chain().focus().toggleHeading({ level }).run(),
            })),
          ],
          [
            {
              key: 'bold',
              label: t('bold'),
              pressed: state.bold,
              run: () => editor.chain().focus().toggleBold().run(),
            },
            {
              key: 'italic',
              label: t('italic'),
              pressed: state.italic,
              run: () => editor.chain().focus().toggleItalic().run(),
            },
            {
              key: 'underline',
              label: t('underline'),
              pressed: state.underline,
              run: () => editor.chain().focus().toggleUnderline().run(),
            },
            {
              key: 'strike',
              label: t('strike'),
              pressed: state.strike,
              run: () => editor.chain().focus().toggleStrike().run(),
            },
          ],
          [
            {
              key: 'bulletList',
              label: t('bulletList'),
              pressed: state.bulletList,
              run: () => editor.chain().focus().toggleBulletList().run(),
            },
            {
              key: 'orderedList',
              label: t('orderedList'),
              pressed: state.orderedList,
              run: () => editor.chain().focus().toggleOrderedList().run(),
            },
            {
              key: 'blockquote',
              label: t('blockquote'),
              pressed: state.blockquote,
              run: () => editor.chain().focus().toggleBlockquote().run(),
            },
          ],
          [
            {
              key: 'link',
              label: t('link'),
              pressed: state.link,
              expanded: panel === 'link',
              controls: panelId,
              run: openPanel('link'),
            },
            {
              key: 'image',
              label: t('image'),
              expanded: panel === 'image',
              controls: panelId,
              run: openPanel('image'),
            },
            { key: 'file', label: t('file'), expanded: panel === 'file', controls: panelId, run: openPanel('file') },
          ],
          [
            { key: 'undo', label: t('undo'), disabled: !state.canUndo, run: () => editor.chain().focus().undo().run() },
            { key: 'redo', label: t('redo'), disabled: !state.canRedo, run: () => editor.chain().focus().redo().run() },
          ],
        ]
      : [];

  return (
    <div className={styles.editor}>
      {editor ? (
        <EditorToolbar label={t('toolbar', { field: props.label })} groups={groups} />
      ) : (
        <p className={styles.muted}>{tForm('loading')}</p>
      )}
      {editor && panel && (
        <EditorPanel
          key={panel}
          id={panelId}
          kind={panel}
          editor={editor}
          language={props.language}
          onClose={closePanel}
        />
      )}
      <EditorContent editor={editor} />
      <p role="status" className={styles.status}>
        {announcement}
      </p>
    </div>
  );
}
