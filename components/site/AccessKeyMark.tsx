import type { WireLanguage } from '@/lib/i18n/languages';
import styles from './AccessKeyMark.module.css';

type AccessKeyArea = 'U' | 'C' | 'Z';
/** Every access key of a page: the three marks, and S for the site search field in the header. */
export type AccessKey = AccessKeyArea | 'S';

interface Props {
  language: WireLanguage;
  area: AccessKeyArea;
  /** The area's name, e.g. "上方功能區塊"; read after the visible `:::`. */
  label: string;
  className?: string;
}

/**
 * The `:::` mark of an area (Taiwan's accessibility guidelines): Alt+U / C / Z moves focus here.
 * The link points at itself: Chromium and Edge follow a link's access key, so a link to another
 * page (the guide) would leave the page instead (the guide is linked from the footer). Its name
 * starts with the visible ":::" so speech users can say what they see (WCAG 2.5.3).
 */
export function AccessKeyMark({ area, label, className }: Props) {
  const id = `accesskey-${area.toLowerCase()}`;
  return (
    <a
      id={id}
      accessKey={area}
      href={`#${id}`}
      title={label}
      className={className ? `${styles.mark} ${className}` : styles.mark}
    >
      :::<span className="visually-hidden">{label}</span>
    </a>
  );
}
