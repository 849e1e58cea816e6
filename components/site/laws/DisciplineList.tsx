import type { WireLanguage } from '@/lib/i18n/languages';
import type { NamedOption } from '@/lib/public/lists';
import type { DisciplineSummary } from '@/lib/public/laws/self-regulation';
import { detailHref } from '@/lib/public/links';
import { DateText } from '../DateText';
import { MembersOnlyMark } from '../MembersOnlyMark';
import { translationsIn } from '@/lib/i18n/params';

/** Self-regulation rules: title (to the rule's page), its type when several types are listed, number and dates. */
export async function DisciplineList({
  language,
  rules,
  types,
}: {
  language: WireLanguage;
  rules: DisciplineSummary[];
  types: NamedOption[];
}) {
  const t = await translationsIn(language, 'laws');
  return (
    <ul className="list">
      {rules.map((rule) => {
        const type = types.find((item) => item.id === rule.typeId);
        return (
          <li key={rule.id} id={`item-${rule.id}`} className="list-item">
            <h2 className="list-item__title">
              {rule.membersOnly && <MembersOnlyMark language={language} />}
              <a href={detailHref(language, 'selfRegulation', rule.id)}>{rule.title}</a>
            </h2>
            <p className="list-item__meta">
              {type && <span className="tag">{type.name}</span>}
              {rule.documentNumber && <span>{rule.documentNumber}</span>}
              {rule.promulgatedOn && (
                <span>
                  {t('promulgatedOn')}
                  {t('colon')}
                  <DateText language={language} value={rule.promulgatedOn} />
                </span>
              )}
              {rule.amendedOn && (
                <span>
                  {t('amendedOn')}
                  {t('colon')}
                  <DateText language={language} value={rule.amendedOn} />
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
