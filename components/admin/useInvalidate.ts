'use client';

import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Keys that summarise many resources: the dashboard's counts and the reference names of lists. */
const summaries = new Set(['dashboard-counts', 'lookups']);

/**
 * After a write: drops every cached read of the resource (its lists, rows, select lists) and the
 * summaries that count or name its rows, so the next screen shows the change at once instead of a
 * copy read a moment before (SWR would otherwise de-duplicate the refetch).
 */
export function useInvalidateResource(): (resource: string) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    (resource: string) =>
      mutate((key) => Array.isArray(key) && (key.includes(resource) || summaries.has(key[0])), undefined, {
        revalidate: true,
      }),
    [mutate],
  );
}
