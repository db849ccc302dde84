// `npm run bench:bank-matching` (issue 62, "Measure"): the matching engine alone, no database, no
// HTTP. Generated bank lines against as many open invoices (plus the payment-run payments among
// them): exact payments, skonto, partial and one-to-many payments, typos, wrong IBANs, equal
// amounts and noise (packages/domain/src/banking/matching/generate-matching-data.ts). Each size
// runs in a fresh process (one size's heap does not slow the next); the generation is not timed.
// Printed: time to propose for every line and choose the automatic matches, the ratio when both
// sides double (target ≤ 2.2×: no line × invoice step), the share of the exact payments matched
// right automatically (target ≥ 99 %) and the wrong automatic matches (target 0).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { printRows, round, writeResults } from './bench-support.mjs';

const SIZES = (process.env.BENCH_MATCHING_SIZES ?? '100000,200000').split(',').map(Number);

if (process.argv[2] === '--size') {
  const { generateMatchingData, evaluateMatching } = await import('@kontor/domain/banking/matching/generate-matching-data');
  const { matchLines, chooseAutomaticMatches, MatchLedger, DEFAULT_MATCH_SETTINGS } = await import('@kontor/domain');
  const size = Number(process.argv[3]);
  const data = generateMatchingData({ lines: size, invoices: size, seed: 62 });
  globalThis.gc?.();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const proposals = matchLines(data.lines, data.candidates, DEFAULT_MATCH_SETTINGS);
  const ledger = new MatchLedger(data.lines, data.candidates);
  const automatic = chooseAutomaticMatches(
    proposals.flatMap((entry) => entry.proposals),
    ledger,
    DEFAULT_MATCH_SETTINGS,
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = process.cpuUsage(cpu).user / 1e6;
  const evaluation = evaluateMatching(data, proposals, automatic);
  process.stdout.write(
    JSON.stringify({
      lines: data.lines.length,
      candidates: data.candidates.length,
      seconds,
      cpuSeconds,
      heapMb: process.memoryUsage().heapUsed / 1024 / 1024,
      automatic: automatic.length,
      exactExpected: evaluation.automaticExpected,
      exactRight: evaluation.automaticRight,
      wrongAutomatic: evaluation.automaticWrong,
      // The lines a person confirms: in how many the right invoice is among the proposals.
      proposedRight: Object.values(evaluation.proposedRight).reduce((sum, kind) => sum + kind.proposed, 0),
      toConfirm: Object.values(evaluation.proposedRight).reduce((sum, kind) => sum + kind.lines, 0),
    }),
  );
} else {
  const self = fileURLToPath(import.meta.url);
  const runs = SIZES.map((size) =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--size', String(size)], {
        encoding: 'utf8',
        maxBuffer: 1024 * 1024,
      }),
    ),
  );
  const [first, second] = runs;
  const results = {
    runs: runs.map((run) => ({
      ...run,
      seconds: round(run.seconds, 2),
      cpuSeconds: round(run.cpuSeconds, 2),
      heapMb: round(run.heapMb),
      shareRight: round(run.exactRight / run.exactExpected, 4),
    })),
    ratio: second ? round(second.seconds / first.seconds, 2) : null,
    cpus: os.cpus().length,
  };
  printRows(
    `Bank matching engine (${results.cpus} CPUs)`,
    [
      ...results.runs.flatMap((run) => [
        [
          `${run.lines.toLocaleString('en')} lines × ${run.candidates.toLocaleString('en')} candidates`,
          `${run.seconds} s (CPU ${run.cpuSeconds} s, heap ${run.heapMb} MB)`,
        ],
        [
          '  exact payments matched right · wrong automatic',
          `${run.exactRight} / ${run.exactExpected} (${round(run.shareRight * 100, 2)} %) · ${run.wrongAutomatic}`,
        ],
        ['  automatic matches · others with the right proposal', `${run.automatic} · ${run.proposedRight} / ${run.toConfirm}`],
      ]),
      ...(results.ratio !== null ? [['time ratio when both double', `${results.ratio}×`]] : []),
    ],
    54,
  );
  writeResults('bank-matching', results);
}
