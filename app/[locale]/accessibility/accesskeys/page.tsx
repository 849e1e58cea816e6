import { AccesskeyTable } from '@/components/site/accessibility/AccesskeyTable';
import { DataTable } from '@/components/site/info/DataTable';
import { TitledSection } from '@/components/site/info/TitledSection';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { routeHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/accessibility/accesskeys'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'accessibility.accesskeys');
  return routePageMetadata(language, 'accesskeys', t('description'));
}

/** Browsers and the modifier keys they use for access keys. */
const combinations = [
  ['chromeWindows', 'alt'],
  ['firefoxWindows', 'altShift'],
  ['chromeLinux', 'alt'],
  ['mac', 'controlOption'],
] as const;

export default async function AccesskeysPage({ params }: PageProps<'/[locale]/accessibility/accesskeys'>) {
  const { language, t } = await openPage(params, 'accessibility.accesskeys');
  return (
    <PublicPage language={language} route="accesskeys">
      <TitledSection id="marks" title={t('marksTitle')}>
        <p>{t('marks')}</p>
      </TitledSection>
      <TitledSection id="keys" title={t('keysTitle')}>
        <AccesskeyTable language={language} />
      </TitledSection>
      <TitledSection id="browsers" title={t('browsersTitle')}>
        <DataTable
          label={t('browsersLabel')}
          columns={[t('browser'), t('combination')]}
          rows={combinations.map(([browser, combination]) => ({
            key: browser,
            cells: [t(`browsers.${browser}`), <kbd key="keys">{t(`combinations.${combination}`)}</kbd>],
          }))}
        />
      </TitledSection>
      <TitledSection id="keyboard" title={t('moreTitle')}>
        <ul>
          <li>{t('tab')}</li>
          <li>{t('skip')}</li>
          <li>{t('zoom')}</li>
          <li>
            <a href={routeHref(language, 'siteMap')}>{t('siteMapLink')}</a>
          </li>
        </ul>
      </TitledSection>
    </PublicPage>
  );
}
