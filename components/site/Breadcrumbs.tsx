import type { WireLanguage } from '@/lib/i18n/languages';
import type { BreadcrumbItem } from '@/lib/public/breadcrumbs';
import { absoluteUrl } from '@/lib/public/urls';
import { JsonLd } from './JsonLd';
import styles from './Breadcrumbs.module.css';
import { translationsIn } from '@/lib/i18n/params';

/** The breadcrumb trail with its schema.org BreadcrumbList; the last entry is the current page. */
export async function Breadcrumbs({ language, items }: { language: WireLanguage; items: BreadcrumbItem[] }) {
  const t = await translationsIn(language, 'site');
  return (
    <nav className={`breadcrumbs ${styles.trail}`} aria-label={t('breadcrumbs')}>
      <ol>
        {items.map((item, i) => {
          const current = i === items.length - 1;
          return (
            <li key={`${item.url}-${i}`}>
              {current ? (
                <span aria-current="page">{item.label}</span>
              ) : item.isLink ? (
                <a href={item.url}>{item.label}</a>
              ) : (
                <span>{item.label}</span>
              )}
            </li>
          );
        })}
      </ol>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: items.map((item, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: item.label,
            // Search engines want `item` on every entry: a group without a screen of its own
            // (not a link above) names the page its path opens, its first list.
            item: absoluteUrl(item.url),
          })),
        }}
      />
    </nav>
  );
}
