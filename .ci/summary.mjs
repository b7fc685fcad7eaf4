// Prints one closing line, 'N passed, N failed', summed over the Jest result files of the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.local/test-results';
if (!existsSync(dir)) {
  console.log('no test results: the run stopped before the tests');
  process.exit(0);
}
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
  const result = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  skipped += result.numPendingTests + result.numTodoTests;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
