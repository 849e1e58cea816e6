// Lighthouse 12 (mobile preset) on Debian's Chromium against a RUNNING production server, for the
// home page, a list and a detail page in both languages (targets: 95+ performance, 100 for
// accessibility, best practices and SEO). Prints the four scores per page and every audit that
// fails, writes a JSON summary per run to bench-data/, and exits 1 when a page misses a target.
//
//   npm run build && PORT=3480 npm start &
//   LIGHTHOUSE_BASE=http://127.0.0.1:3480 node bench/lighthouse.mjs
//   LIGHTHOUSE_PAGES=/tw,/tw/news,/tw/news/* node bench/lighthouse.mjs
//
// A page ending in `/*` stands for the first link below it on that page (`/tw/news/*`: the first
// news item /tw/news links to). CHROMIUM_PATH overrides /usr/bin/chromium. Each page is audited
// LIGHTHOUSE_RUNS times (3) and the run with the median performance score is reported.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultPages, pageList, resolvePage } from './page-list.mjs';

const root = path.resolve(import.meta.dirname, '..');
const base = (process.env.LIGHTHOUSE_BASE || 'http://127.0.0.1:3480').replace(/\/$/, '');
const pages = pageList(process.env.LIGHTHOUSE_PAGES || defaultPages);
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);

/** Failing audits: scored below 1 (binary and numeric), in the categories we report. */
function failingAudits(lhr) {
  const failing = [];
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (
        audit.scoreDisplayMode === 'informative' ||
        audit.scoreDisplayMode === 'notApplicable' ||
        audit.scoreDisplayMode === 'manual'
      )
        continue;
      // Performance metrics are weighted; show the ones that cost points.
      if (categoryId === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
      failing.push({
        category: categoryId,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        value: audit.displayValue ?? '',
      });
    }
  }
  return failing;
}

async function main() {
  if (!fs.existsSync(chromePath))
    throw new Error(`No Chromium at ${chromePath}: apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH).`);
  try {
    await fetch(`${base}/tw`, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new Error(`No server at ${base}: start the production server first (see the top of this file).`);
  }
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results = [];
  try {
    for (const page of pages) {
      const resolved = await resolvePage(base, page);
      if (!resolved) {
        console.warn(`Skipped ${page}: ${page.slice(0, -2)} is missing or links to nothing below it.`);
        continue;
      }
      const check = await fetch(`${base}${resolved}`, { signal: AbortSignal.timeout(30_000) });
      if (check.status !== 200) {
        console.warn(`Skipped ${resolved}: it answered ${check.status}.`);
        continue;
      }
      // The mobile preset is Lighthouse's default (Moto G Power, slow 4G, 4x CPU slow-down). Scores
      // vary from run to run; as Lighthouse's documentation advises, the median run is reported.
      const reports = [];
      for (let run = 0; run < runs; run++) {
        let runner;
        for (let attempt = 1; ; attempt++) {
          runner = await lighthouse(`${base}${resolved}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: Object.keys(targets),
          });
          if (!runner) throw new Error(`Lighthouse returned nothing for ${resolved}`);
          const error = runner.lhr.runtimeError;
          if (!error) break;
          // A trace that came out incomplete (NO_NAVSTART and the like): Lighthouse asks for another run.
          if (attempt < 3 && /run Lighthouse again/i.test(error.message)) {
            console.warn(`${resolved}: ${error.code}, running again`);
            continue;
          }
          throw new Error(`${resolved}: ${error.code} ${error.message}`);
        }
        reports.push(runner.lhr);
      }
      reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = reports[Math.floor(reports.length / 2)];
      const performanceRuns = reports.map((report) => Math.round(report.categories.performance.score * 100));
      const scores = Object.fromEntries(
        Object.keys(targets).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      );
      const metrics = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, lhr.audits[id]?.displayValue ?? '']),
      );
      results.push({ page: resolved, scores, metrics, performanceRuns, failing: failingAudits(lhr) });
      console.log(
        `${resolved}: ${Object.entries(scores)
          .map(([id, score]) => `${id} ${score}`)
          .join(', ')} (performance of each run: ${performanceRuns.join(', ')})`,
      );
    }
  } finally {
    await chrome.kill();
  }
  if (!results.length) throw new Error('No page to audit.');

  const lines = [
    '| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { page, scores, metrics } of results) {
    lines.push(
      `| \`${page}\` | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ${metrics['largest-contentful-paint']} | ${metrics['total-blocking-time']} | ${metrics['cumulative-layout-shift']} |`,
    );
  }
  console.log(`\n${lines.join('\n')}\n`);
  for (const { page, failing } of results) {
    if (!failing.length) continue;
    console.log(`${page} – failing audits:`);
    for (const audit of failing)
      console.log(
        `  [${audit.category}] ${audit.id}: ${audit.title} (score ${audit.score}${audit.value ? `, ${audit.value}` : ''})`,
      );
  }

  const when = new Date().toISOString();
  const outDir = path.join(root, 'bench-data');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, `lighthouse-${when.replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ when, base, results }, null, 2),
  );
  const missed = results.filter(({ scores }) => Object.entries(targets).some(([id, target]) => scores[id] < target));
  if (missed.length) {
    console.error(
      `Below target (performance ${targets.performance}, others 100): ${missed.map((result) => result.page).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
