import type { ReactNode } from 'react';
import { FactList } from '@/components/site/laws/FactList';
import { Attachments } from '@/components/site/Attachments';
import { DateText } from '@/components/site/DateText';
import { PublicPage } from '@/components/site/PublicPage';
import { RichText } from '@/components/site/RichText';
import { isMembersOnly } from '@/lib/content/model/audience';
import { resources } from '@/lib/content/model/registry';
import { detailPageMetadata, unlessNotFound } from '@/lib/public/metadata';
import { publicRowOr404 } from '@/lib/public/detail';
import { lawDetail } from '@/lib/public/laws/detail';
import { routeHref } from '@/lib/public/links';
import { itemPath } from '@/lib/public/routes';
import { languageOf, setPageLanguage, translationsIn } from '@/lib/i18n/params';

const lawPath = (id: number) => itemPath('laws', id);

const readLaw = async (params: PageProps<'/[locale]/laws/[id]'>['params']) => {
  const language = await languageOf(params);
  const row = await publicRowOr404(resources.webrule, language, (await params).id, lawPath);
  return { language, row, law: await lawDetail(row, language) };
};

export const generateMetadata = unlessNotFound(async ({ params }: PageProps<'/[locale]/laws/[id]'>) => {
  const { language, row, law } = await readLaw(params);
  return detailPageMetadata(language, resources.webrule, row, { title: law.title, text: law.content });
});

/** A law: its facts (authority, number, date, class, business line, attribute), text and attachments. */
export default async function LawPage({ params }: PageProps<'/[locale]/laws/[id]'>) {
  const { language, row, law } = await readLaw(params);
  setPageLanguage(language);
  const t = await translationsIn(language, 'laws');
  const facts: [string, ReactNode][] = [
    [t('authority'), law.authority],
    [t('documentNumber'), law.documentNumber],
    [t('issuedOn'), law.issuedOn && <DateText language={language} value={law.issuedOn} />],
    [t('class'), law.className],
    [t('business'), law.businessName],
    [t('attribute'), law.attributeName],
  ];
  return (
    <PublicPage
      language={language}
      route="laws"
      title={law.title}
      below={[{ label: law.title, path: lawPath(law.id) }]}
      membersOnly={isMembersOnly(row)}
    >
      <FactList facts={facts} />
      <RichText language={language} html={law.content} />
      <Attachments language={language} files={law.files} />
      <p>
        <a className="back-link" href={routeHref(language, 'laws')}>
          {t('backToLaws')}
        </a>
      </p>
    </PublicPage>
  );
}

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
