// Prints the run's closing lines: each CI step's duration (arguments "name seconds"), the ten slowest
// test files, and one line 'N passed, N failed', summed over the Jest result files of the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir = '.local/test-results', ...steps] = process.argv.slice(2);
const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
if (steps.length > 0) {
  let total = 0;
  console.log('Steps:');
  for (const entry of steps) {
    const [name, seconds] = entry.split(' ');
    total += Number(seconds);
    console.log(`  ${name.padEnd(8)} ${minutes(Number(seconds))}`);
  }
  console.log(`  ${'total'.padEnd(8)} ${minutes(total)}`);
}
if (!existsSync(dir)) {
  console.log('no test results: the run stopped before the tests');
  process.exit(0);
}
let passed = 0;
let failed = 0;
let skipped = 0;
const files = [];
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  skipped += result.numPendingTests + result.numTodoTests;
  for (const suite of result.testResults ?? []) {
    const { startTime: start, endTime: end } = suite;
    if (start && end)
      files.push({ name: path.relative(process.cwd(), suite.name), ms: end - start });
  }
}
if (files.length > 0) {
  console.log('Slowest test files:');
  for (const { name, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
