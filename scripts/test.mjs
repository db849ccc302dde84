#!/usr/bin/env node
// `npm test`: every check and every test, in order; stops at the first failing step.
// Ends with one line "Total: N passed, N failed" summing vitest and Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest.json');
const playwrightReport = path.join(reports, 'playwright.json');

const only = process.argv.slice(2);
const steps = [
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  [
    'boundaries',
    'npx',
    ['depcruise', 'apps', 'packages', 'bench', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  ],
  [
    'unit and server tests',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'npm', ['run', 'build', '--silent']],
  ['browser tests', 'npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts']],
].filter(([name]) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)));

function counts() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
  if (existsSync(playwrightReport)) {
    const stats = JSON.parse(readFileSync(playwrightReport, 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
  }
  return { passed, failed };
}

const started = Date.now();
for (const [name, command, args] of steps) {
  const stepStart = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  });
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  // A report with failures fails its step even when the runner's exit code says otherwise (a
  // dependency's exit hook once turned vitest's failing runs into exit code 0).
  if (result.status !== 0 || counts().failed > 0) {
    const { passed, failed } = counts();
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    console.log(`Total: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
const { passed, failed } = counts();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`Total: ${passed} passed, ${failed} failed`);
