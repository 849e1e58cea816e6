import type { Locale } from '@/lib/i18n/languages';
import { DateText } from '../DateText';

/** "Last updated: date" of a list (getupdatetime), or nothing when there is no date yet. */
export function UpdatedOn({ locale, label, value }: { locale: Locale; label: string; value: Date | null }) {
  if (!value) return null;
  return (
    <p className="meta">
      {label} <DateText locale={locale} value={value} />
    </p>
  );
}
