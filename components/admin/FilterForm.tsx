'use client';

import { useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { filterSearch } from '@/lib/admin/pager';
import { useAddressChange } from './AddressLink';
import { FilterButtons } from './LoadStatus';

/**
 * The filter form of a screen whose filters live in its URL (the audit log, the media library), with
 * the search and clear buttons. Its fields are uncontrolled, named by `keys`, and shown again from the
 * URL after each search. A GET form of the screen's own address: submitted by the browser itself, it
 * asks for the same screen with the same query.
 */
export function FilterForm({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const query = useSearchParams().toString();
  // The screen reads its filters in the browser, so the address changes at once (AddressLink.tsx).
  const changeAddress = useAddressChange();
  const go = (search: string) => {
    if (changeAddress(`${pathname}${search}`)) searched.current = true;
  };
  // The form is built again for the new address: the keyboard's focus goes back to its search button.
  const form = useRef<HTMLFormElement>(null);
  const searched = useRef(false);
  useEffect(() => {
    if (searched.current) form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    searched.current = false;
  }, [query]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    go(filterSearch(keys, Object.fromEntries(keys.map((key) => [key, String(values.get(key) ?? '')]))));
  };
  const current = new URLSearchParams(query);
  return (
    // Keyed on the URL: a search, Back or Clear shows the fields as the address has them.
    <form
      key={query}
      ref={form}
      method="get"
      action={pathname}
      className="admin-filters"
      role="search"
      aria-label={t('list.filters')}
      onSubmit={submit}
    >
      {children}
      <FilterButtons active={keys.some((key) => current.get(key))} onClear={() => go('')} />
    </form>
  );
}
