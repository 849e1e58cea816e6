import { parseAndValidateFlightRouterState } from 'next/dist/server/app-render/parse-and-validate-flight-router-state';
import { isValidRouterState } from '../../lib/server/router-state';

/**
 * The request gate's own reading of Next-Router-State-Tree against Next.js's: they must agree on
 * every header, or Next.js answers a 500 to one the gate let through (or the gate refuses a header a
 * browser sends). This test imports Next.js's internal parser on purpose: an upgrade that moves or
 * changes it fails here, loudly, instead of in production.
 */
const nextAccepts = (header: string | undefined) => {
  try {
    parseAndValidateFlightRouterState(header);
    return true;
  } catch {
    return false;
  }
};

const encode = (value: unknown) => encodeURIComponent(JSON.stringify(value));

const headers: (string | undefined)[] = [
  undefined,
  '',
  'x',
  '%',
  '%E0%A4%A',
  encode(null),
  encode({}),
  encode([]),
  encode(['']),
  encode(['', {}]),
  encode(['', { children: ['__PAGE__', {}] }]),
  encode(['', { children: ['[locale]', {}] }, null, null, true]),
  encode(['', { children: [['locale', 'tw', 'd', null], {}] }, null, null, true]),
  encode(['', { children: [['locale', 'tw', 'd', ['en']], {}] }]),
  encode(['', { children: [['locale', 'tw', 'd'], {}] }]),
  encode(['', { children: [['locale', 'tw', 'x', null], {}] }]),
  encode(['', { children: [['locale', 'tw', 'ci(..)', null], {}] }]),
  encode(['', { children: ['', {}, ['/tw', '/tw'], 'refetch', 3, 'true'] }]),
  encode(['', {}, ['/tw', '/tw'], 'refetch', 3, 'true']),
  encode(['', {}, ['/tw', '/tw'], 'refetch', 3, 'true', 'extra']),
  encode(['', {}, ['/tw'], null]),
  encode(['', {}, null, 'refresh']),
  encode(['', {}, null, 'inside-shared-layout']),
  encode(['', {}, null, 'metadata-only']),
  encode(['', {}, null, null, '3']),
  encode(['', {}, null, null, null, true]),
  encode(['', { a: 1 }]),
  encode(['', ['', {}]]),
  encode(['', [['', {}]]]),
  encode([1, {}]),
  encode([null, {}]),
  encode(['', null]),
  encode(['', { children: ['', { nested: ['', { deeper: ['x', {}] }] }] }]),
  encode(['', { children: ['', { nested: ['', { deeper: [7, {}] }] }] }]),
  encode(['', {}]).repeat(3000),
];

test.each(headers.map((header) => [header === undefined ? '(none)' : header.slice(0, 80), header]))(
  'the gate reads %s as Next.js does',
  (_label, header) => {
    expect(isValidRouterState(header)).toBe(nextAccepts(header));
  },
);

test('a header sent twice is refused, as Next.js refuses it', () => {
  expect(isValidRouterState([encode(['', {}]), encode(['', {}])])).toBe(false);
});
