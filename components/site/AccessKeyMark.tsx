import type { Locale } from '@/lib/i18n/languages';
import { localePath } from '@/lib/public/urls';
import { route } from '@/lib/public/routes';
import styles from './AccessKeyMark.module.css';

export type AccessKeyArea = 'U' | 'C' | 'Z';

interface Props {
  locale: Locale;
  area: AccessKeyArea;
  /** The area's name, e.g. "上方功能區塊"; read after the visible `:::`. */
  label: string;
  className?: string;
}

/**
 * The `:::` mark of an area (Taiwan's accessibility guidelines): Alt+U / C / Z moves focus here,
 * and the link explains the access keys (the accesskey guide page). Its name starts with the
 * visible ":::" so speech users can say what they see (WCAG 2.5.3).
 */
export function AccessKeyMark({ locale, area, label, className }: Props) {
  return (
    <a
      id={`accesskey-${area.toLowerCase()}`}
      accessKey={area}
      href={localePath(locale, route('accesskeys').path)}
      title={label}
      className={className ? `${styles.mark} ${className}` : styles.mark}
    >
      :::<span className="visually-hidden">{label}</span>
    </a>
  );
}
