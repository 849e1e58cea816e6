import path from 'node:path';
import { readConfig } from '../lib/config';

const env = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

test('defaults on a fresh machine: PGlite under ./data with demo content, port 3000, Taipei time', () => {
  const c = readConfig(env({}));
  expect(c).toMatchObject({
    port: 3000,
    dataDir: path.resolve('./data'),
    databaseUrl: undefined,
    siteUrl: 'http://localhost:3000',
    siteTimeZone: 'Asia/Taipei',
    demoContent: true,
    recaptcha: { secretKey: undefined, minScore: 0.5, verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
  });
});

test('DATABASE_URL turns demo content off unless asked for; values are read and cleaned', () => {
  const c = readConfig(
    env({
      DATABASE_URL: 'postgres://x@db/y',
      PORT: '8080',
      SITE_URL: 'https://example.org/',
      RECAPTCHA_MIN_SCORE: '0.7',
      DATA_DIR: '/srv/data',
    }),
  );
  expect(c).toMatchObject({
    port: 8080,
    databaseUrl: 'postgres://x@db/y',
    demoContent: false,
    siteUrl: 'https://example.org',
    dataDir: '/srv/data',
  });
  expect(c.recaptcha.minScore).toBe(0.7);
  expect(readConfig(env({ DATABASE_URL: 'postgres://x@db/y', DEMO_CONTENT: 'on' })).demoContent).toBe(true);
  expect(readConfig(env({ DEMO_CONTENT: 'off' })).demoContent).toBe(false);
  expect(readConfig(env({ PORT: 'abc' })).port).toBe(3000);
});

test('UPLOAD_STORAGE: the database on PostgreSQL and the folder on the embedded database, unless chosen', () => {
  expect(readConfig(env({ DATABASE_URL: 'postgres://x/y' })).uploadStorage).toBe('database');
  expect(readConfig(env({})).uploadStorage).toBe('folder');
  expect(readConfig(env({ UPLOAD_STORAGE: 'folder', DATABASE_URL: 'postgres://x/y' })).uploadStorage).toBe('folder');
  expect(readConfig(env({ UPLOAD_STORAGE: 'Database' })).uploadStorage).toBe('database');
});

test('UPLOAD_STORAGE refuses a value it does not know, naming the ones it does', () => {
  expect(() => readConfig(env({ UPLOAD_STORAGE: 's3' }))).toThrow(
    'UPLOAD_STORAGE must be one of database, folder, not "s3".',
  );
});

test('CACHE_PURGE_URLS: none by default, a list of http(s) URLs, anything else refused at start-up', () => {
  expect(readConfig(env({})).cachePurgeUrls).toEqual([]);
  expect(
    readConfig(env({ CACHE_PURGE_URLS: ' http://10.0.0.5:6081/ ,https://cache.example/ ,' })).cachePurgeUrls,
  ).toEqual(['http://10.0.0.5:6081/', 'https://cache.example/']);
  expect(() => readConfig(env({ CACHE_PURGE_URLS: '10.0.0.5:6081' }))).toThrow(/CACHE_PURGE_URLS/);
});
