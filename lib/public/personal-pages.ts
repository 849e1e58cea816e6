import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { languageOfLocale } from '../i18n/languages';
import { translate } from '../i18n/messages';

type PersonalTitle =
  | { namespace: 'newsletter'; key: 'confirmTitle' | 'manageTitle' | 'unsubscribeTitle' }
  | { namespace: 'registration'; key: 'manageTitle' };

/**
 * The head of a page a personal link opens (a token in its address: the newsletter's confirm, manage
 * and unsubscribe pages, a sign-up's manage page): its title, never indexed, its links never followed
 * (each carries the person's token). The pages render per request (`dynamic`), so no cache keeps them.
 */
export async function personalPageMetadata(
  params: Promise<{ locale: string }>,
  title: PersonalTitle,
): Promise<Metadata> {
  const language = languageOfLocale((await params).locale) ?? notFound();
  return { title: translate(language, `${title.namespace}.${title.key}`), robots: { index: false, follow: false } };
}
