import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/languages';
import { toWireLanguage } from '@/lib/i18n/languages';
import { editorSections, type EditorPageKey } from '@/lib/public/info/editor-pages';
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
