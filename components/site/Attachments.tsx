import type { WireLanguage } from '@/lib/i18n/languages';
import { fileKind, humanSize, publicFiles } from '@/lib/public/attachments';
import styles from './Attachments.module.css';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  /** A row's `files` value: an array of upload ids. */
  files: unknown;
  /** The heading's level where the list sits (default h2, below the page's h1). */
  headingLevel?: 2 | 3 | 4;
  /** Replaces the heading "Attachments". */
  title?: string;
}

/** Download links for a row's attachments, with each file's name, kind and size; nothing when there are none. */
export async function Attachments({ language, files, headingLevel = 2, title }: Props) {
  const list = await publicFiles(files);
  if (list.length === 0) return null;
  const t = await translationsIn(language, 'site.kit');
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.attachments} aria-label={title ?? t('attachments')}>
      <Heading className={styles.title}>{title ?? t('attachments')}</Heading>
      <ul className={styles.list}>
        {list.map((file) => (
          <li key={file.id} className={styles.item}>
            <a
              href={file.url}
              className={styles.link}
              download={file.type.startsWith('image/') ? file.name : undefined}
            >
              {file.name}
            </a>{' '}
            <span className={styles.meta}>
              ({t('fileMeta', { kind: fileKind(file), size: humanSize(file.size, language) })})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
