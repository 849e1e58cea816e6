import type { WireLanguage } from '@/lib/i18n/languages';
import { dateTimeAttribute, formatSiteDate, type DateStyle } from '@/lib/public/dates';

interface Props {
  language: WireLanguage;
  /** A timestamp (Date or ISO text) or a calendar date (`YYYY-MM-DD`). */
  value: Date | string | null | undefined;
  /** `date` (default), `datetime` or `month`. */
  style?: DateStyle;
  className?: string;
}

/** A date in the site's time zone and the page's language, machine-readable in `dateTime`. */
export function DateText({ language, value, style = 'date', className }: Props) {
  const formatted = formatSiteDate(value, language, style);
  if (formatted === null) return null;
  return (
    <time dateTime={dateTimeAttribute(value!, style)} className={className}>
      {formatted}
    </time>
  );
}
