import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/languages';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf } from '@/lib/i18n/params';
import { editorSections, type EditorPageKey } from '@/lib/public/info/editor-pages';
import { routePageMetadata } from '@/lib/public/info/metadata';
import type { RouteId } from '@/lib/public/routes';
import { PublicPage } from '../PublicPage';
import { EditorSections } from './EditorSections';

interface Props {
  locale: Locale;
  route: RouteId;
  page: EditorPageKey;
  emptyMessage: string;
  /** Shown after the sections (e.g. links to related pages). */
  children?: ReactNode;
}

/** A whole fixed page (research, accessibility statement, privacy, copyright) built from its page sections. */
export async function EditorPage({ locale, route, page, emptyMessage, children }: Props) {
  const sections = await editorSections(toWireLanguage(locale), page);
  return (
    <PublicPage locale={locale} route={route}>
      <EditorSections locale={locale} sections={sections} emptyMessage={emptyMessage} />
      {children}
    </PublicPage>
  );
}

type LocaleParams = { params: Promise<{ locale: string }> };

/**
 * The metadata and page of a route that is only its page sections: `messages` names the namespace
 * holding its `description` and its `empty` text. Each route file then just exports the two.
 */
export function editorPageRoute(route: RouteId, page: EditorPageKey, messages: string) {
  return {
    async generateMetadata({ params }: LocaleParams) {
      const locale = await localeOf(params);
      const t = await getTranslations({ locale, namespace: messages });
      return routePageMetadata(locale, route, t('description'));
    },
    async Page({ params }: LocaleParams) {
      const locale = await localeOf(params);
      setRequestLocale(locale);
      const t = await getTranslations({ locale, namespace: messages });
      return <EditorPage locale={locale} route={route} page={page} emptyMessage={t('empty')} />;
    },
  };
}
