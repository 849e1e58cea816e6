import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '../../i18n/languages';

/** A member-area page's metadata: its title, and no place in search engines. */
export async function memberPageMetadata(
  locale: Locale,
  page: 'home' | 'login' | 'verify' | 'forgot' | 'reset' | 'welcome',
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'memberArea' });
  return { title: t(`${page}.title`), robots: { index: false, follow: false } };
}

/** The metadata of a page of the institution's own (dues, a receipt, colleagues). */
export async function institutionPageMetadata(
  locale: Locale,
  page: 'dues' | 'receipt' | 'colleagues' | 'sessions',
  values: { year?: number } = {},
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'memberInstitution' });
  return { title: t(`${page}.title`, { year: values.year ?? 0 }), robots: { index: false, follow: false } };
}
