import type { WireLanguage } from '@/lib/i18n/languages';
import type { LinkGroup } from '@/lib/public/services/links';
import { ItemImage } from '../ItemImage';
import { TitledSection } from '../info/TitledSection';
import { ContentsNav } from './ContentsNav';
import { ExternalLink } from './ExternalLink';
import styles from './services.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** Related links grouped by type (`#type-{id}`), each a safe external link (`#item-{id}`). */
export async function LinkDirectory({ language, groups }: { language: WireLanguage; groups: LinkGroup[] }) {
  const t = await translationsIn(language, 'services');
  return (
    <>
      <ContentsNav
        label={t('contents')}
        entries={groups.map(({ type }) => ({ id: `type-${type.id}`, label: type.name ?? '' }))}
      />
      {groups.map(({ type, links }) => (
        <TitledSection key={type.id} id={`type-${type.id}`} title={type.name ?? ''} className={styles.group}>
          <ul className="list">
            {links.map((link) => (
              <li
                key={link.id}
                id={`item-${link.id}`}
                className={link.image ? `list-item ${styles.linkItem}` : 'list-item'}
              >
                {/* The link's title beside it says what the image shows. */}
                {link.image ? <ItemImage src={link.image} alt="" width={144} height={48} /> : null}
                <div>
                  <h3 className="list-item__title">
                    <ExternalLink href={link.url ?? ''} note={t('opensExternal')}>
                      {link.title ?? ''}
                    </ExternalLink>
                  </h3>
                  {link.description ? <p className="list-item__summary">{link.description ?? ''}</p> : null}
                  <p className={`list-item__meta ${styles.address}`}>{link.url ?? ''}</p>
                </div>
              </li>
            ))}
          </ul>
        </TitledSection>
      ))}
    </>
  );
}
