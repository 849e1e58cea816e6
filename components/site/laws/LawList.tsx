import type { WireLanguage } from '@/lib/i18n/languages';
import type { LawSummary, LawOptions } from '@/lib/public/laws/search';
import { detailHref } from '@/lib/public/links';
import { DateText } from '../DateText';
import { MembersOnlyMark } from '../MembersOnlyMark';
import { translationsIn } from '@/lib/i18n/params';

/** Search results: title (to the law's page), class and attribute tags, authority, number and date. */
export async function LawList({
  language,
  laws,
  options,
}: {
  language: WireLanguage;
  laws: LawSummary[];
  options: LawOptions;
}) {
  const t = await translationsIn(language, 'laws');
  const name = (list: { id: number; name: string }[], id: number | undefined) => list.find((o) => o.id === id)?.name;
  return (
    <ul className="list">
      {laws.map((law) => {
        const className = name(options.classes, law.classId);
        const attribute = name(options.attributes, law.attributeId);
        return (
          <li key={law.id} id={`item-${law.id}`} className="list-item">
            <h2 className="list-item__title">
              {law.membersOnly && <MembersOnlyMark language={language} />}
              <a href={detailHref(language, 'laws', law.id)}>{law.title}</a>
            </h2>
            <p className="list-item__meta">
              {className && <span className="tag">{className}</span>}
              {attribute && <span className="tag">{attribute}</span>}
              {law.authority && (
                <span>
                  {t('authority')}
                  {t('colon')}
                  {law.authority}
                </span>
              )}
              {law.documentNumber && (
                <span>
                  {t('documentNumber')}
                  {t('colon')}
                  {law.documentNumber}
                </span>
              )}
              {law.issuedOn && (
                <span>
                  {t('issuedOn')}
                  {t('colon')}
                  <DateText language={language} value={law.issuedOn} />
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
