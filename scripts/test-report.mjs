// The timing report .ci/run prints at its end: the seconds of each phase, the test counts of each
// pass and the ten slowest test files, so a slowdown shows in the log of the change that caused it.
// Reads what .ci/run and the test runners wrote under the folder given (default .ci/reports):
// phases.tsv (phase, seconds) and, per pass folder, jest.json (scripts/jest-report.cjs) and
// playwright.json (Playwright's JSON reporter).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.ci/reports';
if (!fs.existsSync(dir)) {
  console.log(`No test reports in ${dir}.`);
  process.exit(0);
}
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const phases = fs.existsSync(path.join(dir, 'phases.tsv'))
  ? fs
      .readFileSync(path.join(dir, 'phases.tsv'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
  : [];
const passes = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Playwright's JSON: per spec file the seconds its tests took (all attempts), and the run's counts. */
function playwrightFiles(report) {
  const seconds = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          seconds.set(spec.file, (seconds.get(spec.file) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return [...seconds].map(([file, total]) => ({ file: `e2e/${file}`, seconds: total }));
}

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
const rows = phases.map(([phase, seconds]) => [phase, Number(seconds)]);
const counts = [];
const slowest = [];
for (const pass of passes) {
  const jest = readJson(path.join(dir, pass, 'jest.json'));
  const playwright = readJson(path.join(dir, pass, 'playwright.json'));
  if (jest) {
    rows.push([`jest on ${pass}`, jest.seconds]);
    counts.push([`jest on ${pass}`, jest.passed, jest.failed, jest.skipped, 0]);
    for (const file of jest.files) slowest.push({ ...file, pass });
  }
  if (playwright) {
    const stats = playwright.stats;
    rows.push([`Playwright on ${pass}`, stats.duration / 1000]);
    counts.push([`Playwright on ${pass}`, stats.expected, stats.unexpected, stats.skipped, stats.flaky]);
    for (const file of playwrightFiles(playwright)) slowest.push({ ...file, pass });
  }
}

console.log('\nPhase                                      time');
for (const [phase, seconds] of rows) console.log(`${phase.padEnd(40)} ${minutes(seconds).padStart(6)}`);
console.log('\nPass                          passed  failed  skipped  flaky');
for (const [pass, ...numbers] of counts)
  console.log(`${pass.padEnd(28)} ${numbers.map((n) => String(n).padStart(7)).join(' ')}`);
console.log("\nSlowest test files (seconds of their tests; a Playwright file's tests may run beside others)");
for (const { file, seconds, pass } of slowest.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
  console.log(`${seconds.toFixed(0).padStart(6)} s  ${file} (${pass})`);
