// A Jest reporter for the timing report of .ci/run (scripts/test-report.mjs): the run's counts and
// each file's seconds, written as JSON to `outputFile`.
import fs from 'node:fs';
import path from 'node:path';

export default class JestReport {
  constructor(_globalConfig, options) {
    this.outputFile = options.outputFile;
  }

  onRunComplete(_contexts, results) {
    const report = {
      seconds: (Date.now() - results.startTime) / 1000,
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests + results.numTodoTests,
      files: results.testResults.map((file) => ({
        file: path.relative(process.cwd(), file.testFilePath),
        seconds: (file.perfStats.end - file.perfStats.start) / 1000,
      })),
    };
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, JSON.stringify(report, null, 2));
  }
}
