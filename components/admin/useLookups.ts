'use client';

import useSWR from 'swr';
import type { Lookups } from '@/lib/admin/cells';
import type { ResourceDefinition } from '@/lib/content/model/define';
import { findResource } from '@/lib/content/model/registry';
import { resourceApi, type Row } from '@/lib/client/resources';
import type { WireLanguage } from '@/lib/i18n/languages';

/**
 * The rows every reference field of a resource points at (bulletin types for bulletins…), read as
 * select lists: their names fill list cells and filter choices.
 */
export function useLookups(definition: ResourceDefinition, language: WireLanguage) {
  const references = Object.entries(definition.fields).flatMap(([key, f]) =>
    f.kind === 'reference' ? [{ key, resource: f.resource }] : [],
  );
  const { data } = useSWR(references.length ? ['lookups', language, definition.name] : null, async () => {
    const lists = await Promise.all(references.map(({ resource }) => resourceApi(resource).selectList()));
    return Object.fromEntries(references.map(({ key }, i) => [key, lists[i]])) as Record<string, Row[]>;
  });
  const rows: Record<string, Row[]> = data ?? {};
  const names: Lookups = Object.fromEntries(
    references.map(({ key, resource }) => {
      const title = findResource(resource)?.titleField ?? 'id';
      return [key, new Map((rows[key] ?? []).map((row) => [Number(row.id), String(row[title] ?? row.id)]))];
    }),
  );
  return { rows, names };
}
