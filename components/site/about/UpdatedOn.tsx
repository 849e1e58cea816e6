import type { WireLanguage } from '@/lib/i18n/languages';
import { DateText } from '../DateText';

/** "Last updated: date" of a list (getupdatetime), or nothing when there is no date yet. */
export function UpdatedOn({ language, label, value }: { language: WireLanguage; label: string; value: Date | null }) {
  if (!value) return null;
  return (
    <p className="meta">
      {label} <DateText language={language} value={value} />
    </p>
  );
}
