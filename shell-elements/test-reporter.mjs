/**
 * web-test-runner reporter that writes the suite's counts for scripts/test-all.mjs:
 * `.reports/elements.json` = `{"suite":"elements","passed":N,"failed":N,"skipped":N,"failures":[…]}`, counting individual
 * tests. A test file whose session failed without a failing test (it did not load, a hook threw, the
 * browser crashed) counts as one failed test, so a broken run can never look green.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Counts a suite's tests and names its failed ones (`file › suite › test`, printed by the summary).
 * @param {import('@web/test-runner-core').TestSuiteResult | undefined} suite
 */
function countSuite(suite, counts, path) {
  if (!suite) return counts;
  for (const test of suite.tests) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else {
      counts.failed += 1;
      counts.failures.push([...path, test.name].join(' › '));
    }
  }
  for (const child of suite.suites) countSuite(child, counts, [...path, child.name]);
  return counts;
}

/**
 * @param {{ file: string; suite?: string }} options
 * @returns {import('@web/test-runner').Reporter}
 */
export function countsReporter({ file, suite = 'elements' }) {
  const write = (sessions) => {
    const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
    for (const session of sessions) {
      const file = session.testFile.replace(/^.*\/shell-elements\//, 'shell-elements/');
      const own = countSuite(session.testResults, { passed: 0, failed: 0, skipped: 0, failures: [] }, [file]);
      if (session.passed === false && own.failed === 0) {
        own.failed = 1;
        own.failures.push(`${file} › (the file did not finish: ${session.errors?.[0]?.message ?? 'no test result'})`);
      }
      counts.passed += own.passed;
      counts.failed += own.failed;
      counts.skipped += own.skipped;
      counts.failures.push(...own.failures);
    }
    if (sessions.length === 0) counts.failed = 1;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ suite, ...counts })}\n`);
  };
  return {
    onTestRunFinished({ sessions }) {
      write(sessions);
    },
    stop({ sessions }) {
      write(sessions);
    },
  };
}
