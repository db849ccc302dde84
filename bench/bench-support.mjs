// What the benchmarks share: generated IBANs, the server's memory figures, a signed-in fresh
// Kontor, polling an import until it is done, and printing and storing the results.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startKontor } from './kontor-process.mjs';
import { signInOverHttp } from './sign-in.mjs';

const root = path.resolve(import.meta.dirname, '..');

export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Valid German IBANs: bank code and account number vary, the check digits are computed (ISO 7064 mod 97-10). */
export function germanIban(index) {
  const bban = `${String(10_000_000 + (index % 89_999_999)).padStart(8, '0')}${String(index).padStart(10, '0')}`;
  const numeric = `${bban}131400`; // "DE00" moved to the end, D=13 E=14
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** Resident and peak-resident memory of a process in MB (Linux). */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * Samples the RSS of the server processes every 50 ms from now on; `stop` answers, for the process
 * that grew most (the one that did the work: requests go to any api process, jobs to the first),
 * its memory before and after and the peak RSS seen.
 */
export function sampleRss(pids) {
  const before = new Map(pids.map((pid) => [pid, memoryMb(pid)]));
  const peaks = new Map(pids.map((pid) => [pid, before.get(pid).rss]));
  const sample = () => {
    for (const pid of pids) peaks.set(pid, Math.max(peaks.get(pid), memoryMb(pid).rss));
  };
  const sampler = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(sampler);
      sample();
      const growth = (pid) => peaks.get(pid) - before.get(pid).rss;
      const busiest = pids.reduce((best, pid) => (growth(pid) > growth(best) ? pid : best));
      return { before: before.get(busiest), after: memoryMb(busiest), peakRss: peaks.get(busiest) };
    },
  };
}

/**
 * A fresh Kontor with demo data in a temporary folder (`prefix` names it), signed in as Anna
 * Admin over HTTP: its base URL, the headers of her requests, the ports and a `close` that stops
 * it and removes the folder.
 */
export async function startSignedInKontor(prefix, options = {}) {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const kontor = await startKontor({ dataDir, port, pgPort, ...options });
  const close = async () => {
    await kontor.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (kontor.serverPids.length === 0) throw new Error('server process not found');
    const baseUrl = `http://localhost:${port}`;
    const cookie = await signInOverHttp(baseUrl, 'admin@demo.kontor.test', 'kontor-demo');
    const headers = { cookie, origin: baseUrl, 'accept-language': 'en' };
    return { serverPids: kontor.serverPids, baseUrl, headers, pgPort, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** GETs `url` every `intervalMs` until `isDone(body)`; `onPoll` sees every answer. Answers the last body. */
export async function pollUntil(url, headers, { isDone, intervalMs, onPoll = () => {} }) {
  for (;;) {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    const body = await response.json();
    onPoll(body);
    if (isDone(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Prints `title` and the label/value rows, labels padded to `labelWidth`. */
export function printRows(title, rows, labelWidth) {
  console.log(`\n${title}`);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(labelWidth)} ${value}`);
}

/** Stores the results as bench/results/<name>-<time>.json and says where. */
export function writeResults(name, results) {
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2));
  console.log(`  written to ${path.relative(root, file)}`);
}
