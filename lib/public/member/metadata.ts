import 'server-only';
import type { Metadata } from 'next';
import type { WireLanguage } from '../../i18n/languages';
import { translationsIn } from '../../i18n/params';

/** A member-area page's metadata: its title, and no place in search engines. */
export async function memberPageMetadata(
  language: WireLanguage,
  page: 'home' | 'login' | 'verify' | 'forgot' | 'reset' | 'welcome',
): Promise<Metadata> {
  const t = await translationsIn(language, 'memberArea');
  return { title: t(`${page}.title`), robots: { index: false, follow: false } };
}

/** The metadata of a page of the institution's own (dues, a receipt, colleagues). */
export async function institutionPageMetadata(
  language: WireLanguage,
  page: 'dues' | 'receipt' | 'colleagues' | 'sessions',
  values: { year?: number } = {},
): Promise<Metadata> {
  const t = await translationsIn(language, 'memberInstitution');
  return { title: t(`${page}.title`, { year: values.year ?? 0 }), robots: { index: false, follow: false } };
}
