'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { LIST_PAGE_SIZES, listFilters, type ListState } from '@/lib/admin/list';
import { hasStatus, STATUSES, type PublicationStatus } from '@/lib/content/model/status';
import { traits, type ResourceDefinition } from '@/lib/content/model/define';
import type { Row } from '@/lib/client/resources';
import { findResource } from '@/lib/content/model/registry';
import type { WireLanguage } from '@/lib/i18n/languages';

/**
 * The keyword and the type/parent filters of a list, applied with the search button (a choice does
 * not reload the list by itself, so moving through the selects with the keyboard changes nothing).
 */
export function ListFilters({
  definition,
  language,
  state,
  rows,
  onApply,
}: {
  definition: ResourceDefinition;
  language: WireLanguage;
  state: ListState;
  rows: Record<string, Row[]>;
  onApply: (state: ListState) => void;
}) {
  const t = useTranslations('admin');
  const filters = listFilters(definition);
  const [values, setValues] = useState<Record<string, number>>(state.filters);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const keyword = String(form.get('keyword') ?? '').trim();
    const status = String(form.get('status') ?? '') as PublicationStatus | '';
    onApply({
      ...state,
      page: 1,
      keyword,
      filters: values,
      status: status || undefined,
      stale: form.get('stale') ? true : undefined,
      pageSize: Number(form.get('pageSize')) || state.pageSize,
    });
  };
  const options = (key: string) => {
    const filter = filters.find((f) => f.key === key)!;
    const f = filter.field;
    if (f.kind === 'choice') return f.choices.map((c) => ({ value: c.value, label: c.label[language] }));
    if (f.kind !== 'reference') return [];
    const title = findResource(f.resource)?.titleField ?? 'id';
    const scope = filter.dependsOn ? values[filter.dependsOn] : undefined;
    return (rows[key] ?? [])
      .filter((row) => scope === undefined || row[filter.dependsOn!] === scope)
      .map((row) => ({ value: Number(row.id), label: String(row[title] ?? row.id) }));
  };
  const change = (key: string, raw: string) => {
    const next = { ...values };
    if (raw === '') delete next[key];
    else next[key] = Number(raw);
    // A dependent filter (a business line of another class) no longer fits: clear it.
    for (const f of filters) if (f.dependsOn === key) delete next[f.key];
    setValues(next);
  };
  return (
    <form className="admin-filters" role="search" aria-label={t('list.filters')} onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor="list-keyword">{t('list.keyword')}</label>
        <input id="list-keyword" name="keyword" type="search" defaultValue={state.keyword} maxLength={200} />
      </div>
      {filters.map((filter) => (
        <div className="admin-field" key={filter.key}>
          <label htmlFor={`filter-${filter.key}`}>{filter.field.label[language]}</label>
          <select
            id={`filter-${filter.key}`}
            value={values[filter.key] ?? ''}
            onChange={(event) => change(filter.key, event.target.value)}
          >
            <option value="">{t('list.all')}</option>
            {options(filter.key).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      {hasStatus(definition) ? (
        <div className="admin-field">
          <label htmlFor="filter-status">{t('list.statusFilter')}</label>
          <select id="filter-status" name="status" defaultValue={state.status ?? ''}>
            <option value="">{t('list.all')}</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {traits(definition).localized ? (
        <div className="admin-field admin-field-check">
          <input id="filter-stale" name="stale" type="checkbox" defaultChecked={state.stale === true} />
          <label htmlFor="filter-stale">{t('list.staleFilter')}</label>
        </div>
      ) : null}
      <div className="admin-field">
        <label htmlFor="list-page-size">{t('list.pageSize')}</label>
        <select id="list-page-size" name="pageSize" defaultValue={state.pageSize}>
          {LIST_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-filter-buttons">
        <button type="submit">{t('list.search')}</button>
        {state.keyword || state.status || state.stale || Object.keys(state.filters).length ? (
          <button
            type="button"
            onClick={() =>
              onApply({ ...state, page: 1, keyword: '', filters: {}, status: undefined, stale: undefined })
            }
          >
            {t('list.clear')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
