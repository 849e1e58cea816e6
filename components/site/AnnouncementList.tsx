import { type WireLanguage } from '@/lib/i18n/languages';
import {
  announcementPage,
  announcementQuery,
  type AnnouncementKind,
  type AnnouncementPage,
  type When,
} from '@/lib/public/announcements';
import { withQuery } from '@/lib/routing/site';
import { routeHref } from '@/lib/public/links';
import { AnnouncementHeadline } from './AnnouncementHeadline';
import { EmptyState } from './EmptyState';
import { FilterForm, FilterSelect } from './FilterForm';
import { ItemImage } from './ItemImage';
import { Pager } from './Pager';
import { PublicPage } from './PublicPage';
import { translationsIn } from '@/lib/i18n/params';

type ListSearchParams = Record<string, string | string[] | undefined>;

/** The URL of a list view; empty values are left out, page 1 too. */
export function listHref(
  language: WireLanguage,
  kind: AnnouncementKind,
  view: { type?: number | null; when?: When | null; page?: number },
): string {
  return withQuery(routeHref(language, kind.route), {
    type: view.type,
    when: view.when === 'upcoming' ? undefined : view.when,
    page: view.page && view.page > 1 ? view.page : undefined,
  });
}

interface Props {
  language: WireLanguage;
  kind: AnnouncementKind;
  searchParams: ListSearchParams;
}

/** The list page of news, bulletins or activities: time tabs, a type filter, the items and the pager. */
export async function AnnouncementList({ language, kind, searchParams }: Props) {
  const list = await announcementPage(kind, language, announcementQuery(kind, searchParams));
  const t = await translationsIn(language, 'site.announcements');
  const listPath = routeHref(language, kind.route);
  const typeNames = new Map(list.types.map((type) => [type.id, type.name]));
  return (
    <PublicPage language={language} route={kind.route}>
      {list.when && (
        <nav aria-label={t('when.label')}>
          <ul className="tabs">
            {(['upcoming', 'past'] as const).map((when) => (
              <li key={when}>
                <a
                  href={listHref(language, kind, { type: list.type?.id, when })}
                  aria-current={when === list.when ? 'page' : undefined}
                >
                  {t(`when.${when}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {list.types.length > 0 && (
        <FilterForm
          language={language}
          action={listPath}
          label={t('filterLabel')}
          keep={{ when: list.when === 'past' ? 'past' : undefined }}
          resetHref={list.type ? listHref(language, kind, { when: list.when }) : undefined}
        >
          <FilterSelect
            name="type"
            label={t('type')}
            value={list.type?.id}
            options={list.types.map((type) => ({ value: type.id, label: type.name }))}
            allLabel={t('allTypes')}
          />
        </FilterForm>
      )}
      {list.items.length === 0 ? (
        <EmptyState message={t(`empty.${list.when ?? 'none'}`)} />
      ) : (
        <AnnouncementItems language={language} kind={kind} list={list} typeNames={typeNames} />
      )}
      <Pager
        language={language}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
        href={(page) => listHref(language, kind, { type: list.type?.id, when: list.when, page })}
      />
    </PublicPage>
  );
}

async function AnnouncementItems({
  language,
  kind,
  list,
  typeNames,
}: {
  language: WireLanguage;
  kind: AnnouncementKind;
  list: AnnouncementPage;
  typeNames: Map<number, string>;
}) {
  const base = routeHref(language, kind.route);
  return (
    <ul className="list">
      {list.items.map((item, index) => (
        <li
          key={item.id}
          id={`item-${item.id}`}
          className={item.image ? 'list-item list-item--with-image' : 'list-item'}
        >
          {/* The title beside it names the item, so its picture is decorative here. */}
          {item.image && (
            <ItemImage
              src={item.image}
              alt=""
              className="card__image"
              sizes="(min-width: 40rem) 10rem, 100vw"
              priority={index === 0}
            />
          )}
          <div>
            <AnnouncementHeadline
              language={language}
              item={item}
              href={`${base}/${item.id}`}
              level={2}
              timed={kind.splitByTime === true}
              typeName={item.typeId === null ? null : typeNames.get(item.typeId)}
            />
            {item.summary && <p className="list-item__summary">{item.summary}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
