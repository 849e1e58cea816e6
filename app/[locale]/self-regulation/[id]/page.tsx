import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FactList } from '@/components/site/laws/FactList';
import { Attachments } from '@/components/site/Attachments';
import { DateText } from '@/components/site/DateText';
import { PublicPage } from '@/components/site/PublicPage';
import { RichText } from '@/components/site/RichText';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { toWireLanguage } from '@/lib/i18n/languages';
import { localeOf } from '@/lib/i18n/params';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowOr404 } from '@/lib/public/detail';
import { disciplineDetail } from '@/lib/public/laws/self-regulation';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';

const rulePath = (id: number) => itemPath('selfRegulation', id);

const readRule = async (params: PageProps<'/[locale]/self-regulation/[id]'>['params']) => {
  const locale = await localeOf(params);
  const language = toWireLanguage(locale);
  const row = await publicRowOr404(resources.webdiscipline, language, (await params).id, rulePath);
  return { locale, row, rule: await disciplineDetail(row, language) };
};

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/self-regulation/[id]'>) => {
  const { locale, row, rule } = await readRule(params);
  return detailPageMetadata(locale, resources.webdiscipline, row, { title: rule.title, text: rule.content });
});

/** A self-regulation rule: type, number, dates, text and attachments. */
export default async function SelfRegulationRulePage({ params }: PageProps<'/[locale]/self-regulation/[id]'>) {
  const { locale, row, rule } = await readRule(params);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'laws' });
  const list = routeHref(locale, 'selfRegulation');
  return (
    <PublicPage
      locale={locale}
      route="selfRegulation"
      title={rule.title}
      below={[{ label: rule.title, path: rulePath(rule.id) }]}
      membersOnly={isMembersOnly(row)}
    >
      <FactList
        facts={[
          [t('type'), rule.typeName && <a href={withQuery(list, { type: rule.typeId })}>{rule.typeName}</a>],
          [t('documentNumber'), rule.documentNumber],
          [t('promulgatedOn'), rule.promulgatedOn && <DateText locale={locale} value={rule.promulgatedOn} />],
          [t('amendedOn'), rule.amendedOn && <DateText locale={locale} value={rule.amendedOn} />],
        ]}
      />
      <RichText locale={locale} html={rule.content} />
      <Attachments locale={locale} files={rule.files} />
      <p>
        <a className="back-link" href={list}>
          {t('backToRules')}
        </a>
      </p>
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
