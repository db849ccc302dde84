#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project, two at a time. Each `tsc` is single-threaded, so
// on a machine of two or more cores the checks take about half as long as one after the other.
// A project's output is printed whole when it ends; the exit code is 1 if any project failed.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const projects = ['apps/server', 'apps/web', 'packages/domain', 'packages/formats', 'bench', 'apps/web/e2e'];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const parallel = Math.max(1, Math.min(2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (output) process.stdout.write(output);
      if (code !== 0) console.error(`tsc -p ${project} failed`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let isClean = true;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) isClean = (await check(project)) && isClean;
  }),
);
process.exit(isClean ? 0 : 1);
