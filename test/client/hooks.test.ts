jest.mock('ky', () => jest.requireActual('./support/ky-commonjs').loadKy());

import { unstable_serialize } from 'swr';
import { swrKeys } from '../../lib/client/hooks';
import { clientSettings, configureClient, onClientSettings, resetClientSettings } from '../../lib/client/settings';

afterEach(() => resetClientSettings());

describe('SWR keys', () => {
  const body = { page: 1, pageSize: 10 };

  test('a language switch changes every key, so the hooks ask again', () => {
    expect(unstable_serialize(swrKeys.list('tw', 'webnews', body))).not.toBe(
      unstable_serialize(swrKeys.list('en', 'webnews', body)),
    );
    expect(unstable_serialize(swrKeys.row('tw', 'webnews', 1))).not.toBe(
      unstable_serialize(swrKeys.row('en', 'webnews', 1)),
    );
  });

  test('body, path and query are part of the key; equal requests share one', () => {
    const key = (b: object, path: (number | string)[] = [], query?: Record<string, number>) =>
      unstable_serialize(swrKeys.list('tw', 'webrule', b as typeof body, path, query));
    expect(key(body)).toBe(key({ page: 1, pageSize: 10 }));
    expect(key(body)).not.toBe(key({ page: 2, pageSize: 10 }));
    expect(key(body, [1])).not.toBe(key(body, [2]));
    expect(key(body, [], { classId: 1 })).not.toBe(key(body));
  });

  test('a row without id waits', () => {
    expect(swrKeys.row('tw', 'webnews', null)).toBeNull();
  });
});

describe('settings', () => {
  test('defaults of the contract, and listeners hear changes', () => {
    expect(clientSettings()).toMatchObject({ host: '', language: 'tw', batch: true, cache: false });
    const heard: string[] = [];
    const stop = onClientSettings((s) => heard.push(s.language));
    configureClient({ language: 'en' });
    stop();
    configureClient({ language: 'tw' });
    expect(heard).toEqual(['en']);
  });
});
