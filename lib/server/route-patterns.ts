import fs from 'node:fs';
import path from 'node:path';

/**
 * The route patterns of the app (`/[locale]/news/[id]`), read from the `app/` folder once at start:
 * the request log and the metrics label a request by the pattern it reached, never by its raw path,
 * whose ids would make the metrics' label space unbounded.
 */
export type RoutePattern = readonly string[];

const ROUTE_FILE = /^(page|route)\.(tsx?|jsx?|mjs)$/;

/** Every folder under `appDir` holding a page or a route handler, as its segments; route groups `(x)` dropped. */
export function appRoutePatterns(appDir: string): RoutePattern[] {
  const patterns: RoutePattern[] = [];
  const visit = (dir: string, segments: string[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((entry) => entry.isFile() && ROUTE_FILE.test(entry.name))) patterns.push(segments);
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('@')) continue;
      const grouped = /^\(.*\)$/.test(entry.name);
      visit(path.join(dir, entry.name), grouped ? segments : [...segments, entry.name]);
    }
  };
  visit(appDir, []);
  return patterns;
}

/** How specific a pattern segment is: a fixed name beats a parameter, which beats a catch-all. */
function rank(segment: string): number {
  if (segment.startsWith('[[...')) return 3;
  if (segment.startsWith('[...')) return 2;
  if (segment.startsWith('[')) return 1;
  return 0;
}

function matches(pattern: RoutePattern, segments: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const kind = rank(pattern[i]);
    if (kind === 3) return true;
    if (kind === 2) return segments.length > i;
    if (i >= segments.length) return false;
    if (kind === 0 && pattern[i] !== segments[i]) return false;
  }
  return pattern.length === segments.length;
}

/** The most specific pattern `pathname` reaches, as Next.js would pick it (`/[locale]/news/[id]`), or null. */
export function matchRoutePattern(pathname: string, patterns: readonly RoutePattern[]): string | null {
  const segments = pathname.split('/').filter(Boolean);
  let best: RoutePattern | null = null;
  for (const pattern of patterns) {
    if (!matches(pattern, segments)) continue;
    if (!best || compare(pattern, best) < 0) best = pattern;
  }
  return best ? `/${best.join('/')}` : null;
}

function compare(a: RoutePattern, b: RoutePattern): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = rank(a[i] ?? '[[...]]') - rank(b[i] ?? '[[...]]');
    if (difference !== 0) return difference;
  }
  return 0;
}
