#!/usr/bin/env node
// `npm test`: typecheck everything, check the architecture's import boundaries and lint rules (ESLint,
// eslint.config.js), the code's formatting (Prettier, .prettierrc.json) and unused files/exports/dependencies (knip, knip.ts), run every vitest suite, then print one closing summary line
// ("N passed, N failed, N skipped") and the suites that were skipped, by name (their names carry the
// reason, e.g. the EventStoreDB and MongoDB contracts where no container runtime is available).
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

const bin = (name) => `node_modules/.bin/${name}`;
const passthrough = process.argv.slice(2);

const tsc = spawnSync(bin('tsc'), ['-p', 'tsconfig.json'], { stdio: 'inherit' });
if (tsc.status !== 0) {
  console.error('typecheck failed');
  process.exit(tsc.status ?? 1);
}

for (const [name, args] of [
  ['eslint', ['.']],
  ['prettier', ['--check', '.', '--log-level', 'warn']],
  ['knip', ['--no-progress']],
]) {
  const check = spawnSync(bin(name), args, { stdio: 'inherit' });
  if (check.status !== 0) {
    console.error(`${name} failed (run \`npm run lint\` to see it alone)`);
    process.exit(check.status ?? 1);
  }
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
  // A file that failed outside its tests (an import or a beforeAll threw, e.g. no browser to
  // launch) reports its tests as skipped: count it as a failure, by name, not as skipped suites.
  const brokenFiles = (r.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  );
  for (const file of r.testResults ?? []) {
    if (brokenFiles.includes(file)) continue;
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
  if (brokenFiles.length > 0) {
    console.log('\nTest files that failed outside their tests (each counted as one failure):');
    for (const file of brokenFiles) console.log(`  - ${file.name}: ${String(file.message ?? '').split('\n')[0]}`);
  }
  const notRun = brokenFiles.reduce((n, file) => n + (file.assertionResults ?? []).length, 0);
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) - notRun;
  console.log(
    `\ntests: ${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles.length} failed, ${skipped} skipped`,
  );
}
process.exit(vitest.status ?? 1);
