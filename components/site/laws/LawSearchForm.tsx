import type { WireLanguage } from '@/lib/i18n/languages';
import type { LawCriteria, LawOptions } from '@/lib/public/laws/search';
import { FilterForm, FilterInput, FilterSelect } from '../FilterForm';
import form from '../form.module.css';
import { translationsIn } from '@/lib/i18n/params';

interface Props {
  language: WireLanguage;
  action: string;
  criteria: LawCriteria;
  options: LawOptions;
}

/**
 * The law search (a GET form, so it works without JavaScript). Business lines belong to a class:
 * once a class is chosen only its lines are offered; before that they are grouped under their
 * classes, and choosing one alone also filters by its class.
 */
export async function LawSearchForm({ language, action, criteria, options }: Props) {
  const t = await translationsIn(language, 'laws');
  const classes =
    criteria.classId === undefined ? options.classes : options.classes.filter((c) => c.id === criteria.classId);
  const groups = classes
    .map((c) => ({ label: c.name, businesses: options.businesses.filter((b) => b.classId === c.id) }))
    .filter((group) => group.businesses.length > 0);
  return (
    <FilterForm
      language={language}
      action={action}
      label={t('searchLabel')}
      submitLabel={t('search')}
      resetHref={action}
      search
    >
      <FilterInput name="q" label={t('keyword')} value={criteria.keyword} hint={t('keywordHint')} idPrefix="law" />
      <FilterSelect
        name="class"
        label={t('class')}
        value={criteria.classId}
        options={options.classes.map((c) => ({ value: c.id, label: c.name }))}
        allLabel={t('allClasses')}
        idPrefix="law"
      />
      <div className={form.field}>
        <label htmlFor="law-business" className={form.label}>
          {t('business')}
        </label>
        <select id="law-business" name="business" defaultValue={criteria.businessId ?? ''} className={form.control}>
          <option value="">{t('allBusinesses')}</option>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.businesses.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <FilterSelect
        name="attribute"
        label={t('attribute')}
        value={criteria.attributeId}
        options={options.attributes.map((a) => ({ value: a.id, label: a.name }))}
        allLabel={t('allAttributes')}
        idPrefix="law"
      />
      {/* The two ends of one range stay side by side. No format hint: a date field shows the
          browser's own format, which a fixed YYYY-MM-DD would contradict. */}
      <div className={form.pair}>
        <FilterInput name="from" label={t('from')} value={criteria.from} type="date" idPrefix="law" />
        <FilterInput name="to" label={t('to')} value={criteria.to} type="date" idPrefix="law" />
      </div>
    </FilterForm>
  );
}
