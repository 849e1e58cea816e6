import { FactList } from '@/components/site/laws/FactList';
import { Attachments } from '@/components/site/Attachments';
import { DateText } from '@/components/site/DateText';
import { PublicPage } from '@/components/site/PublicPage';
import { RichText } from '@/components/site/RichText';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowOr404 } from '@/lib/public/detail';
import { disciplineDetail } from '@/lib/public/laws/self-regulation';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';
import { languageOf, setPageLanguage, translationsIn } from '@/lib/i18n/params';

const rulePath = (id: number) => itemPath('selfRegulation', id);

const readRule = async (params: PageProps<'/[locale]/self-regulation/[id]'>['params']) => {
  const language = await languageOf(params);
  const row = await publicRowOr404(resources.webdiscipline, language, (await params).id, rulePath);
  return { language, row, rule: await disciplineDetail(row, language) };
};

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/self-regulation/[id]'>) => {
  const { language, row, rule } = await readRule(params);
  return detailPageMetadata(language, resources.webdiscipline, row, { title: rule.title, text: rule.content });
});

/** A self-regulation rule: type, number, dates, text and attachments. */
export default async function SelfRegulationRulePage({ params }: PageProps<'/[locale]/self-regulation/[id]'>) {
  const { language, row, rule } = await readRule(params);
  setPageLanguage(language);
  const t = await translationsIn(language, 'laws');
  const list = routeHref(language, 'selfRegulation');
  return (
    <PublicPage
      language={language}
      route="selfRegulation"
      title={rule.title}
      below={[{ label: rule.title, path: rulePath(rule.id) }]}
      membersOnly={isMembersOnly(row)}
    >
      <FactList
        facts={[
          [t('type'), rule.typeName && <a href={withQuery(list, { type: rule.typeId })}>{rule.typeName}</a>],
          [t('documentNumber'), rule.documentNumber],
          [t('promulgatedOn'), rule.promulgatedOn && <DateText language={language} value={rule.promulgatedOn} />],
          [t('amendedOn'), rule.amendedOn && <DateText language={language} value={rule.amendedOn} />],
        ]}
      />
      <RichText language={language} html={rule.content} />
      <Attachments language={language} files={rule.files} />
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
