'use client';

import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import type { WireLanguage } from '../i18n/languages';
import { resourceApi, type ListBody, type PathIds, type Query } from './resources';
import { clientSettings, onClientSettings } from './settings';

/**
 * The SWR keys. Each holds the language, so a language switch asks again instead of showing the
 * other language's rows; `null` makes SWR wait.
 */
export const swrKeys = {
  list: (language: WireLanguage, name: string, body: ListBody, path: PathIds = [], query?: Query) =>
    ['list', language, name, [...path], body, query ?? null] as const,
  row: (language: WireLanguage, name: string, id: number | null, path: PathIds = []) =>
    id === null ? null : (['row', language, name, [...path], id] as const),
};

/** The current Web-Language; `configureClient({ language })` re-renders the components using it. */
export function useClientLanguage(): WireLanguage {
  return useSyncExternalStore(
    onClientSettings,
    () => clientSettings().language,
    () => clientSettings().language,
  );
}

/** One page of a resource's list. */
export function useList(name: string, body: ListBody, path: PathIds = [], query?: Query) {
  const { data, error, isLoading, mutate } = useSWR(swrKeys.list(useClientLanguage(), name, body, path, query), () =>
    resourceApi(name).getList(body, path, query),
  );
  return { data, error, isLoading, mutate };
}

/** One row; `id` null waits (the form of a new row). */
export function useRow(name: string, id: number | null, path: PathIds = []) {
  const { data, error, isLoading, mutate } = useSWR(swrKeys.row(useClientLanguage(), name, id, path), () =>
    resourceApi(name).get(Number(id), path),
  );
  return { data, error, isLoading, mutate };
}
