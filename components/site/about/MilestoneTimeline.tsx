import type { WireLanguage } from '@/lib/i18n/languages';
import type { MilestoneYear } from '@/lib/public/about/milestones';
import { DateText } from '../DateText';
import { ItemImage } from '../ItemImage';
import { RichText } from '../RichText';
import styles from './about.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** Milestones under a heading per year, as a timeline; each event is `#item-{id}`. */
export async function MilestoneTimeline({ language, groups }: { language: WireLanguage; groups: MilestoneYear[] }) {
  const t = await translationsIn(language, 'about');
  return groups.map((group) => (
    <section key={group.year} aria-labelledby={`year-${group.year}`}>
      <h2 id={`year-${group.year}`} className="section-title">
        {t('year', { year: group.year })}
      </h2>
      <ol className={styles.timeline}>
        {group.items.map((item) => (
          <li key={item.id} id={`item-${item.id}`} className={styles.event}>
            <p className="meta">
              <DateText language={language} value={item.eventDate} />
            </p>
            <h3 className="list-item__title">{item.title}</h3>
            <RichText language={language} html={item.content} />
            <ItemImage
              src={item.image}
              alt={item.title}
              language={language}
              sizes="(max-width: 24rem) 100vw, 24rem"
              className={styles.eventImage}
            />
          </li>
        ))}
      </ol>
    </section>
  ));
}
