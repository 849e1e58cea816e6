import type { WireLanguage } from '@/lib/i18n/languages';
import type { PeopleGroup } from '@/lib/public/about/people';
import { EmptyState } from '../EmptyState';
import { ItemImage } from '../ItemImage';
import { UpdatedOn } from './UpdatedOn';
import styles from './about.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** Boards or committees: one section each (`#type-{value}`) with its last-updated date and its people as cards. */
export async function PeopleGroups({ language, groups }: { language: WireLanguage; groups: PeopleGroup[] }) {
  const t = await translationsIn(language, 'about');
  return groups.map((group) => (
    <section
      key={group.section.value}
      id={`type-${group.section.value}`}
      aria-labelledby={`type-${group.section.value}-title`}
    >
      <h2 id={`type-${group.section.value}-title`} className="section-title">
        {group.section.label[language]}
      </h2>
      <UpdatedOn language={language} label={t('updatedOn')} value={group.updatedAt} />
      {group.people.length === 0 ? (
        <EmptyState message={t('noPeople')} />
      ) : (
        <ul className={`cards ${styles.people}`}>
          {group.people.map((person) => (
            <li key={person.id} id={`item-${person.id}`} className={`card ${styles.person}`}>
              <ItemImage
                src={person.photo}
                alt={person.name}
                language={language}
                width={160}
                height={200}
                className={styles.photo}
              />
              <div className="card__body">
                <h3 className="card__title">{person.name}</h3>
                <p className="card__meta">{person.title}</p>
                {person.organization && (
                  <p className="card__text">
                    {person.organization}
                    {person.organizationTitle && <span className={styles.position}>{person.organizationTitle}</span>}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  ));
}
