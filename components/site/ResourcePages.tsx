import { type WireLanguage } from '@/lib/i18n/languages';
import {
  resourceItem,
  resourceList,
  resourceListQuery,
  resourceRow,
  type ResourceFact,
  type ResourcePage,
} from '@/lib/public/resource-pages';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { DateText } from './DateText';
import { EmptyState } from './EmptyState';
import { FilterForm, FilterInput, FilterSelect } from './FilterForm';
import { DetailArticle } from './info/DetailArticle';
import { ItemList } from './info/ItemList';
import { Pager } from './Pager';
import { PublicPage } from './PublicPage';
import { translationsIn } from '@/lib/i18n/params';

type SearchParams = Record<string, string | string[] | undefined>;

function Facts({ language, facts }: { language: WireLanguage; facts: ResourceFact[] }) {
  if (facts.length === 0) return null;
  return (
    <dl className="definition-list">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>
            {fact.value instanceof Date ? (
              <DateText language={language} value={fact.value} style={fact.kind === 'date' ? 'date' : 'datetime'} />
            ) : fact.url ? (
              <a href={fact.value} rel="noopener noreferrer">
                {fact.value}
              </a>
            ) : (
              fact.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

async function Published({ language, date }: { language: WireLanguage; date: Date | null }) {
  if (!date) return null;
  const t = await translationsIn(language, 'site');
  return (
    <p className="list-item__meta detail-meta">
      <span>
        {t('announcements.published')}
        {t('colon')}
        <DateText language={language} value={date} />
      </span>
    </p>
  );
}

/** The generic list page of a resource's own route: search and filters when declared, the items, the pager. */
export async function ResourceList({
  language,
  page,
  searchParams,
}: {
  language: WireLanguage;
  page: ResourcePage;
  searchParams: SearchParams;
}) {
  const list = await resourceList(page.definition, language, searchParams);
  const t = await translationsIn(language, 'site.resourcePages');
  const path = routeHref(language, page.route);
  const filtered = list.query !== '' || list.filters.some((filter) => filter.value !== undefined);
  return (
    <PublicPage language={language} route={page.route.id}>
      {(list.searchable || list.filters.length > 0) && (
        <FilterForm
          language={language}
          action={path}
          label={t('filterLabel')}
          resetHref={filtered ? path : undefined}
          search={list.filters.length === 0}
        >
          {list.filters.map((filter) => (
            <FilterSelect
              key={filter.key}
              name={filter.key}
              label={filter.label}
              value={filter.value}
              options={filter.options}
              allLabel={t('all')}
            />
          ))}
          {list.searchable && <FilterInput name="q" label={t('keyword')} value={list.query} />}
        </FilterForm>
      )}
      {list.items.length === 0 ? (
        <EmptyState message={t(filtered ? 'noMatch' : 'empty')} />
      ) : (
        <ItemList
          entries={list.items.map((item) => ({
            id: item.id,
            title: item.title,
            href: (page.definition.public?.shows ?? 'page') === 'page' ? `${path}/${item.id}` : `#item-${item.id}`,
            image: item.image,
            meta: <Published language={language} date={item.date} />,
            summary: item.summary,
          }))}
        />
      )}
      <Pager
        language={language}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(n) => withQuery(path, resourceListQuery(list, n))}
      />
    </PublicPage>
  );
}

/** The generic detail page: date, facts, image, rich text, attachments and the way back to the list. */
export async function ResourceDetail({ language, page }: { language: WireLanguage; page: ResourcePage }) {
  const row = await resourceRow(page, language);
  const item = resourceItem(page.definition, row, language);
  const [t, routes] = await Promise.all([
    translationsIn(language, 'site.resourcePages'),
    translationsIn(language, 'site.routes'),
  ]);
  return (
    <PublicPage
      language={language}
      route={page.route.id}
      title={item.title}
      below={[{ label: item.title, path: `${page.route.path}/${item.id}` }]}
    >
      <DetailArticle
        language={language}
        title={item.title}
        image={item.image}
        meta={
          <>
            <Published language={language} date={item.date} />
            <Facts language={language} facts={item.facts} />
          </>
        }
        html={item.html}
        files={item.files}
        back={{ href: routeHref(language, page.route), label: t('backToList', { list: routes(page.route.id) }) }}
      />
    </PublicPage>
  );
}
