import { PageSections } from '@/components/site/about/PageSections';
import styles from '@/components/site/about/about.module.css';
import { EmptyState } from '@/components/site/EmptyState';
import { PublicPage } from '@/components/site/PublicPage';
import { openPage, languageOf, translationsIn } from '@/lib/i18n/params';
import { organizationUnits } from '@/lib/public/about/organization';
import { pageSections } from '@/lib/public/about/page-sections';
import { routePageMetadata } from '@/lib/public/info/metadata';
import { rowHref } from '@/lib/public/links';

export async function generateMetadata({ params }: PageProps<'/[locale]/about/organization'>) {
  const language = await languageOf(params);
  const t = await translationsIn(language, 'about');
  return routePageMetadata(language, 'organization', t('organizationDescription'));
}

/** The organization chart: the `organization` page sections, then the units that run the online systems. */
export default async function OrganizationPage({ params }: PageProps<'/[locale]/about/organization'>) {
  const { language } = await openPage(params);
  const [t, sections, units] = await Promise.all([
    translationsIn(language, 'about'),
    pageSections(language, 'organization'),
    organizationUnits(language),
  ]);
  return (
    <PublicPage language={language} route="organization">
      {sections.length === 0 && units.length === 0 && <EmptyState message={t('noSections')} />}
      <PageSections language={language} sections={sections} />
      {units.length > 0 && (
        <section aria-labelledby="units-title">
          <h2 id="units-title" className="section-title">
            {t('units')}
          </h2>
          <ul className={`list ${styles.units}`}>
            {units.map((unit) => (
              <li key={unit.id} id={`unit-${unit.id}`} className="list-item">
                <h3 className="list-item__title">{unit.name}</h3>
                {unit.description && <p className="list-item__summary">{unit.description}</p>}
                <p className="list-item__meta">
                  <a href={rowHref(language, 'websystemunit', { id: unit.id })}>
                    {t('unitSystems', { name: unit.name })}
                  </a>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PublicPage>
  );
}
