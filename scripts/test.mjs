#!/usr/bin/env node
// `npm test`: typecheck everything, run every vitest suite, then print one closing summary line
// ("N passed, N failed, N skipped") and the suites that were skipped, by name (their names carry the
// reason, e.g. the EventStoreDB and MongoDB contracts where no container runtime is available).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
const passthrough = process.argv.slice(2);

const tsc = spawnSync(bin('tsc'), ['-p', 'tsconfig.json'], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('typecheck failed');
  process.exit(tsc.status ?? 1);
}

mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
const vitest = spawnSync(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...passthrough],
  { stdio: 'inherit' },
);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skippedSuites = new Set();
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'pending' || t.status === 'skipped') {
        skippedSuites.add(t.ancestorTitles?.[0] ?? file.name);
      }
    }
  }
  if (skippedSuites.size > 0) {
    console.log('\nSkipped suites:');
    for (const s of skippedSuites) console.log(`  - ${s}`);
  }
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(vitest.status ?? 1);
