/**
 * Whether a `Next-Router-State-Tree` header is one Next.js accepts. Next.js answers a request whose
 * header it cannot parse with a 500; the request gate (lib/server/request-gate.ts) refuses such a
 * request with a 400 before Next.js sees it. The rules below are Next.js's own (its
 * `flightRouterStateSchema`), written out here so no internal module of Next.js is imported;
 * test/server/next-contract.test.ts compares the two on a table of headers, so an upgrade of Next.js
 * that changes the format fails that test.
 */

/** Next.js's limit: about 2,000 nested or parallel segment states. */
const MAX_LENGTH = 20 * 2000;

const DYNAMIC_PARAM_TYPES = new Set([
  'c',
  'ci(..)(..)',
  'ci(.)',
  'ci(..)',
  'ci(...)',
  'oc',
  'd',
  'di(..)(..)',
  'di(.)',
  'di(..)',
  'di(...)',
]);
const REFETCH_MARKERS = new Set(['refetch', 'inside-shared-layout', 'metadata-only']);

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
const nullable = (value: unknown, check: (v: unknown) => boolean) => value === null || check(value);
const optionalNullable = (value: unknown, check: (v: unknown) => boolean) =>
  value === undefined || nullable(value, check);

/** A segment: its name, or a dynamic one as [name, cache key, type, static siblings]. */
function isSegment(value: unknown): boolean {
  if (isString(value)) return true;
  if (!Array.isArray(value) || value.length !== 4) return false;
  const [name, key, type, siblings] = value as unknown[];
  return (
    isString(name) &&
    isString(key) &&
    isString(type) &&
    DYNAMIC_PARAM_TYPES.has(type) &&
    nullable(siblings, (s) => Array.isArray(s) && s.every(isString))
  );
}

function isRouterState(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2 || value.length > 6) return false;
  const [segment, children, url, refetch, index, isRoot] = value as unknown[];
  if (!isSegment(segment) || !isObject(children)) return false;
  for (const key in children) if (!isRouterState((children as Record<string, unknown>)[key])) return false;
  return (
    optionalNullable(url, (u) => Array.isArray(u) && u.length === 2 && isString(u[0]) && isString(u[1])) &&
    optionalNullable(refetch, (r) => isString(r) && REFETCH_MARKERS.has(r)) &&
    optionalNullable(index, (n) => typeof n === 'number' && !Number.isNaN(n)) &&
    (isRoot === undefined || isString(isRoot))
  );
}

/** True when Next.js would parse the header (an absent header included). */
export function isValidRouterState(header: string | string[] | undefined): boolean {
  if (header === undefined) return true;
  if (Array.isArray(header) || header.length > MAX_LENGTH) return false;
  try {
    return isRouterState(JSON.parse(decodeURIComponent(header)));
  } catch {
    return false;
  }
}
