'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { Editor } from '@tiptap/react';
import { NodeSelection } from '@tiptap/pm/state';
import { media, uploadFile, type Upload } from '@/lib/client/resources';
import type { WireLanguage } from '@/lib/i18n/languages';
import { MediaPicker } from '../MediaPicker';
import { apiMessage } from './api-errors';
import { IMAGE_TYPES } from './ImageUpload';
import styles from './form.module.css';

export type PanelKind = 'link' | 'image' | 'file';

/**
 * The small in-page forms the toolbar opens instead of `window.prompt`: a link's address; an image to upload or pick
 * from the media library, with its text alternative (the library's, in the content's language, which the one entered
 * here updates); a file to upload or pick and link to. They live inside the resource form, so they are groups of
 * controls (a nested <form> is not allowed) where Enter runs the panel's action and Escape closes it.
 */
export function EditorPanel(props: {
  id: string;
  kind: PanelKind;
  editor: Editor;
  language: WireLanguage;
  onClose: (inserted: string | null) => void;
}) {
  const { kind, editor, onClose } = props;
  const altKey = props.language === 'en' ? 'altEn' : 'altTw';
  const tMedia = useTranslations('admin.media');
  const [picked, setPicked] = useState<Upload | null>(null);
  const [picking, setPicking] = useState(false);
  const t = useTranslations('adminForm.editor');
  const tForm = useTranslations('adminForm');
  const uid = useId();
  const titleId = `${props.id}-title`;
  const first = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(() => (kind === 'link' ? String(editor.getAttributes('link').href ?? '') : ''));
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => first.current?.focus(), []);

  function applyLink() {
    const href = url.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!href) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else chain.setLink({ href }).run();
    onClose(null);
  }

  async function insertUpload() {
    if (busy) return;
    if (!file && !picked) {
      setProblem(t('chooseFileFirst'));
      return;
    }
    if (kind === 'image' && !text.trim()) {
      setProblem(t('imageAltRequired'));
      return;
    }
    setBusy(true);
    setProblem('');
    try {
      const upload = picked ?? (await uploadFile(file!));
      const alt = text.trim();
      // The text alternative entered here becomes the library's, for the next use of the image.
      if (kind === 'image' && alt !== (upload[altKey] ?? '')) await media.update(upload.id, { [altKey]: alt });
      const chain = editor.chain().focus();
      // A selected image (one just inserted) would be replaced: insert after it instead.
      if (editor.state.selection instanceof NodeSelection) chain.createParagraphNear();
      // An image is a block; the empty paragraph after it takes the cursor, so typing goes on below.
      if (kind === 'image')
        chain
          .insertContent([{ type: 'image', attrs: { src: upload.url, alt: text.trim() } }, { type: 'paragraph' }])
          .run();
      else {
        const label = text.trim() || upload.name;
        chain
          .insertContent([
            { type: 'text', text: label, marks: [{ type: 'link', attrs: { href: upload.url } }] },
            { type: 'text', text: ' ' },
          ])
          .run();
      }
      onClose(upload.name);
    } catch (failure) {
      setProblem(
        tForm('uploadFailed', {
          name: picked?.name ?? file?.name ?? '',
          message: apiMessage(failure) ?? tForm('uploadFailedGeneric'),
        }),
      );
      setBusy(false);
    }
  }

  const run = () => (kind === 'link' ? applyLink() : void insertUpload());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose(null);
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      run();
    }
  }

  const problemId = `${uid}-problem`;
  const field = (id: string, label: string, control: ReactNode, hint?: string) => (
    <div className={styles.panelField}>
      <label htmlFor={id} className={styles.subLabel}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {control}
    </div>
  );
  const describe = (id: string, hint?: boolean) =>
    [hint ? `${id}-hint` : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div id={props.id} role="group" aria-labelledby={titleId} className={styles.panel} onKeyDown={onKeyDown}>
      <p id={titleId} className={styles.panelTitle}>
        {t(kind === 'link' ? 'linkPanel' : kind === 'image' ? 'imagePanel' : 'filePanel')}
      </p>
      {kind === 'link' &&
        field(
          `${uid}-url`,
          t('linkUrl'),
          <input
            id={`${uid}-url`}
            ref={first}
            type="url"
            className={styles.control}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-describedby={describe(`${uid}-url`, true)}
          />,
          t('linkUrlHint'),
        )}
      {kind !== 'link' &&
        field(
          `${uid}-file`,
          t(kind === 'image' ? 'imageFile' : 'fileFile'),
          <input
            id={`${uid}-file`}
            ref={first}
            type="file"
            accept={kind === 'image' ? IMAGE_TYPES : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPicked(null);
            }}
            aria-describedby={describe(`${uid}-file`)}
          />,
        )}
      {kind !== 'link' && (
        <div className={styles.inline}>
          <button type="button" className={styles.button} onClick={() => setPicking(true)}>
            {tMedia(kind === 'image' ? 'pickImage' : 'pickFile')}
          </button>
          {picked && <span role="status">{picked.name}</span>}
          {picking && (
            <MediaPicker
              kind={kind === 'image' ? 'image' : undefined}
              onClose={() => setPicking(false)}
              onPick={(item) => {
                setPicked(item);
                setFile(null);
                if (kind === 'image') setText(item[altKey]);
                setPicking(false);
              }}
            />
          )}
        </div>
      )}
      {kind !== 'link' &&
        field(
          `${uid}-text`,
          t(kind === 'image' ? 'imageAlt' : 'fileText'),
          <input
            id={`${uid}-text`}
            type="text"
            className={styles.control}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-required={kind === 'image' || undefined}
            aria-describedby={describe(`${uid}-text`, true)}
          />,
          t(kind === 'image' ? 'imageAltHint' : 'fileTextHint'),
        )}
      {problem && (
        <p id={problemId} role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <p role="status" className={styles.status}>
        {busy && file ? tForm('uploading', { name: file.name }) : ''}
      </p>
      <div className={styles.inline}>
        <button type="button" className={styles.primaryButton} onClick={run} aria-disabled={busy || undefined}>
          {kind === 'link' ? t('applyLink') : t('insert')}
        </button>
        {kind === 'link' && editor.isActive('link') && (
          <button
            type="button"
            className={styles.button}
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose(null);
            }}
          >
            {t('removeLink')}
          </button>
        )}
        <button type="button" className={styles.button} onClick={() => onClose(null)}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
