'use client';

import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { checkLogin } from './auth';
import { resourceApi, type ListBody, type PathIds, type Query } from './resources';
import { clientSettings, onClientSettings } from './settings';
import { getToken } from './token';

/** The current Web-Language; a switch re-renders, and since every key holds it, refetches. */
export function useClientLanguage() {
  return useSyncExternalStore(onClientSettings, () => clientSettings().language, () => clientSettings().language);
}

/** One page of a resource's list. */
export function useList(name: string, body: ListBody, path: PathIds = [], query?: Query) {
  const language = useClientLanguage();
  const { data, error, isLoading, mutate } = useSWR(['list', language, name, [...path], body, query ?? null], () =>
    resourceApi(name).getList(body, path, query),
  );
  return { data, error, isLoading, mutate };
}

/** One row; `id` null waits (a new row's form). */
export function useRow(name: string, id: number | null, path: PathIds = []) {
  const language = useClientLanguage();
  const { data, error, isLoading, mutate } = useSWR(id === null ? null : ['row', language, name, [...path], id], () =>
    resourceApi(name).get(id as number, path),
  );
  return { data, error, isLoading, mutate };
}

/** The rows of a select (spec §7: page 1, the shared maximum size, by order). */
export function useSelectList(name: string, path: PathIds = []) {
  const language = useClientLanguage();
  const { data, error, isLoading, mutate } = useSWR(['select', language, name, [...path]], () => resourceApi(name).selectList(path));
  return { data, error, isLoading, mutate };
}

/** The sign-in check: `false`, or who is signed in. Call `mutate()` after login or logout. */
export function useLogin() {
  const language = useClientLanguage();
  const { data, error, isLoading, mutate } = useSWR(['checklogin', language, getToken() ?? ''], () => checkLogin());
  return { data, error, isLoading, mutate };
}
