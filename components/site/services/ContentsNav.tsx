interface Props {
  label: string;
  entries: { id: string; label: string }[];
}

/** "On this page": links to the page's sections by their anchors; nothing for a single section. */
export function ContentsNav({ label, entries }: Props) {
  if (entries.length < 2) return null;
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
