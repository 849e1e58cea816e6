import type { ReactNode } from 'react';
import { type WireLanguage } from '@/lib/i18n/languages';
import { sitePath } from '@/lib/routing/site';
import { memberPaths } from '@/lib/routing/member';
import { Breadcrumbs } from '../Breadcrumbs';
import styles from '../PublicPage.module.css';
import { translationsIn } from '@/lib/i18n/params';

/**
 * The frame of a member-area page, as PublicPage's: breadcrumbs (home, 會員專區, the page) and one h1.
 * The member area is not in the site map, so its trail is its own.
 */
export async function MemberFrame({
  language,
  title,
  children,
}: {
  language: WireLanguage;
  title: string;
  children: ReactNode;
}) {
  const tRoutes = await translationsIn(language, 'site.routes');
  const t = await translationsIn(language, 'memberArea');
  const area = t('title');
  const items = [
    { label: tRoutes('home'), url: sitePath(language), isLink: true },
    ...(title === area ? [] : [{ label: area, url: sitePath(language, memberPaths.home), isLink: true }]),
    { label: title, url: '', isLink: false },
  ];
  return (
    <div className="container page">
      <Breadcrumbs language={language} items={items} />
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
