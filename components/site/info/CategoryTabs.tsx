import type { ReactNode } from 'react';

interface CategoryTab {
  value: number;
  label: string;
  /** Shown after the name inside the link, e.g. the category's update date. */
  extra?: ReactNode;
}

interface Props {
  /** The navigation's accessible name, e.g. "Browse by category". */
  label: string;
  allLabel: string;
  tabs: CategoryTab[];
  current: number | undefined;
  /** The list's URL for a category, or for all of them. */
  href: (value: number | undefined) => string;
}

/** Links to a list's categories (plain GET links, no script), the current one marked for assistive technology. */
export function CategoryTabs({ label, allLabel, tabs, current, href }: Props) {
  const entries: { key: string; value: number | undefined; label: string; extra?: ReactNode }[] = [
    { key: 'all', value: undefined, label: allLabel },
    ...tabs.map((tab) => ({ key: String(tab.value), ...tab })),
  ];
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {entries.map((entry) => (
          <li key={entry.key}>
            <a href={href(entry.value)} aria-current={entry.value === current ? 'page' : undefined}>
              {entry.label}
              {entry.extra}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
