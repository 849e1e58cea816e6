import { FactList } from '@/components/site/laws/FactList';
import { ExternalLink } from '@/components/site/members/ExternalLink';
import styles from '@/components/site/members/members.module.css';
import { ServicePointList } from '@/components/site/members/ServicePointList';
import { DateText } from '@/components/site/DateText';
import { ItemImage } from '@/components/site/ItemImage';
import { PublicPage } from '@/components/site/PublicPage';
import { resources } from '@/lib/content/model/registry';
import { sections } from '@/lib/content/model/sections';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { sectionLabel } from '@/lib/public/lists';
import { publicRowOr404 } from '@/lib/public/detail';
import { memberView } from '@/lib/public/members/members';
import { servicePoints } from '@/lib/public/members/service-points';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';
import { languageOf, setPageLanguage, translationsIn } from '@/lib/i18n/params';

const memberPath = (id: number) => itemPath('members', id);

const readMember = async (params: PageProps<'/[locale]/members/[id]'>['params']) => {
  const language = await languageOf(params);
  const row = await publicRowOr404(resources.webmemberdept, language, (await params).id, memberPath);
  return { language, row, member: memberView(row) };
};

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/members/[id]'>) => {
  const { language, row, member } = await readMember(params);
  return detailPageMetadata(language, resources.webmemberdept, row, {
    title: member.name,
    text: [member.department, member.address].filter(Boolean).join(' · '),
  });
});

/** A member institution: its logo and public details, and its regional service points. */
export default async function MemberPage({ params }: PageProps<'/[locale]/members/[id]'>) {
  const { language, member } = await readMember(params);
  setPageLanguage(language);
  const [t, points] = await Promise.all([
    translationsIn(language, 'members'),
    servicePoints(language, { memberId: member.id, page: 1 }),
  ]);
  const list = routeHref(language, 'members');
  return (
    <PublicPage
      language={language}
      route="members"
      title={member.name}
      below={[{ label: member.name, path: memberPath(member.id) }]}
    >
      <ItemImage src={member.logo} alt={member.name} width={160} height={160} priority className={styles.detailLogo} />
      <FactList
        facts={[
          [t('shortName'), member.shortName],
          [
            t('category'),
            <a key="category" href={withQuery(list, { type: member.category })}>
              {sectionLabel(sections.memberCategories, member.category, language)}
            </a>,
          ],
          [t('department'), member.department],
          [t('address'), member.address],
          [t('phone'), member.phone],
          [t('fax'), member.fax],
          [t('website'), member.website && <ExternalLink href={member.website} />],
          [t('joinedOn'), member.joinedOn && <DateText language={language} value={member.joinedOn} />],
        ]}
      />
      {points.items.length > 0 && (
        <section aria-labelledby="service-points">
          <h2 id="service-points" className="section-title">
            {t('servicePoints')}
          </h2>
          <ServicePointList language={language} points={points.items} headingLevel={3} />
          {points.total > points.items.length && (
            <p>
              <a href={routeHref(language, 'servicePoints')}>{t('servicePoints')}</a>
            </p>
          )}
        </section>
      )}
      <p>
        <a className="back-link" href={list}>
          {t('backToMembers')}
        </a>
      </p>
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
