import type { ReactNode } from 'react';
import type { WireLanguage } from '@/lib/i18n/languages';
import { editorSections, type EditorPageKey } from '@/lib/public/info/editor-pages';
import { routePageMetadata } from '@/lib/public/info/metadata';
import type { RouteId } from '@/lib/public/routes';
import { PublicPage } from '../PublicPage';
import { EditorSections } from './EditorSections';
import { languageOf, setPageLanguage, translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  route: RouteId;
  page: EditorPageKey;
  emptyMessage: string;
  /** Shown after the sections (e.g. links to related pages). */
  children?: ReactNode;
}

/** A whole fixed page (research, accessibility statement, privacy, copyright) built from its page sections. */
export async function EditorPage({ language, route, page, emptyMessage, children }: Props) {
  const sections = await editorSections(language, page);
  return (
    <PublicPage language={language} route={route}>
      <EditorSections language={language} sections={sections} emptyMessage={emptyMessage} />
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
      const language = await languageOf(params);
      const t = await translationsIn(language, messages);
      return routePageMetadata(language, route, t('description'));
    },
    async Page({ params }: LocaleParams) {
      const language = await languageOf(params);
      setPageLanguage(language);
      const t = await translationsIn(language, messages);
      return <EditorPage language={language} route={route} page={page} emptyMessage={t('empty')} />;
    },
  };
}
