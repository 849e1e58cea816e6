import type { WireLanguage } from '@/lib/i18n/languages';
import type { SystemOwner } from '@/lib/public/services/systems';
import { TitledSection } from '../info/TitledSection';
import { ContentsNav } from './ContentsNav';
import { ExternalLink } from './ExternalLink';
import styles from './services.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** Online systems by owner (`#unit-{id}`) and category, each system a safe external link (`#item-{id}`). */
export async function SystemsDirectory({ language, owners }: { language: WireLanguage; owners: SystemOwner[] }) {
  const t = await translationsIn(language, 'services');
  return (
    <>
      <ContentsNav
        label={t('contents')}
        entries={owners.map(({ unit }) => ({ id: `unit-${unit.id}`, label: unit.name ?? '' }))}
      />
      {owners.map(({ unit, categories }) => (
        <TitledSection key={unit.id} id={`unit-${unit.id}`} title={unit.name ?? ''} className={styles.group}>
          {unit.description ? <p className="lead">{unit.description ?? ''}</p> : null}
          {categories.map(({ category, systems }) => (
            <div key={category.id}>
              <h3 className={styles.subheading}>{category.name ?? ''}</h3>
              <ul className="list">
                {systems.map((system) => (
                  <li key={system.id} id={`item-${system.id}`} className="list-item">
                    <h4 className="list-item__title">
                      <ExternalLink href={system.url ?? ''} note={t('opensExternal')}>
                        {system.name ?? ''}
                      </ExternalLink>
                    </h4>
                    {system.description ? <p className="list-item__summary">{system.description ?? ''}</p> : null}
                    <p className="list-item__meta">
                      <span className={styles.address}>{system.url ?? ''}</span>
                      {system.contact ? (
                        <span>
                          {t('systems.contact')}: {system.contact ?? ''}
                        </span>
                      ) : null}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </TitledSection>
      ))}
    </>
  );
}
