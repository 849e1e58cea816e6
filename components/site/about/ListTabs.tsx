interface ListTab {
  href: string;
  label: string;
  current: boolean;
}

/** A row of filter links (types, categories, years): plain GET links, the current one marked. */
export function ListTabs({ label, tabs }: { label: string; tabs: ListTab[] }) {
  if (tabs.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <a href={tab.href} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
