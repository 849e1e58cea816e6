import { Fragment, type ReactNode } from 'react';

/** Label/value pairs of a detail page as a `<dl>`; pairs without a value are left out. */
export function FactList({ facts }: { facts: [label: string, value: ReactNode][] }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== false);
  if (shown.length === 0) return null;
  return (
    <dl className="definition-list">
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
