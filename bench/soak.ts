// `npm run soak -- [--desks=20] [--work-seconds=60] [--idle-seconds=20] [--skus=5000] [--lose-every=20]`: many desks,
// one service (issue 19), loopback only, bounded time. Prints the checks and the requests per
// minute per desk, writes bench/results/soak.json, exits 1 when a check fails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadNow } from './lib/machine';
import { runSoak } from './lib/soak';

const arg = (name: string, fallback: number): number => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`--${name} must be a positive integer`);
  return value;
};

const options = {
  desks: arg('desks', 20),
  workMs: arg('work-seconds', 60) * 1000,
  idleMs: arg('idle-seconds', 20) * 1000,
  skus: arg('skus', 5000),
  // A sync per desk every 15 s at work (the app's default is 5 minutes): the soak wants many syncs.
  syncEveryMs: arg('sync-seconds', 15) * 1000,
  scanEveryMs: arg('scan-ms', 500),
  // Every 20th adjust answer lost after the service applied it: the desks must resend with the same key.
  lostAnswerRate: 1 / arg('lose-every', 20),
};
const scratch = mkdtempSync(join(tmpdir(), 'wd-soak-'));
const loadAtStart = loadNow();
const started = performance.now();
try {
  const outcome = await runSoak({ ...options, scratch, log: (m) => console.log(`[soak ${((performance.now() - started) / 1000).toFixed(0)}s] ${m}`) });
  const report = { date: new Date().toISOString(), options, loadAtStart, loadAtEnd: loadNow(), seconds: Math.round((performance.now() - started) / 1000), ...outcome };
  const totals = outcome.desks.reduce((t, d) => ({ scans: t.scans + d.scans, applied: t.applied + d.adjustmentsApplied, rejected: t.rejected + d.adjustmentsRejected }), { scans: 0, applied: 0, rejected: 0 });
  console.log(
    [
      `desks ${options.desks}, work ${options.workMs / 1000} s, load ${loadAtStart.join(' / ')} -> ${report.loadAtEnd.join(' / ')}`,
      `scans ${totals.scans}, adjustments applied ${totals.applied}, refused by the service ${totals.rejected}, left unsent ${outcome.leftUnsent}; answers lost after applying ${outcome.answersLost}`,
      `on hand at the service ${outcome.sandboxOnHand} = seeded ${outcome.initialOnHand} + applied deltas ${outcome.expectedOnHand - outcome.initialOnHand}: ${outcome.sandboxOnHand === outcome.expectedOnHand ? 'yes' : 'NO'}`,
      `adjustments at the service ${outcome.sandboxAdjustments}, applied entries at the desks ${outcome.appliedEntries}: ${outcome.sandboxAdjustments === outcome.appliedEntries ? 'yes' : 'NO'}`,
      `counts submitted ${outcome.desks.reduce((n, d) => n + d.countsSubmitted, 0)} (${outcome.desks.reduce((n, d) => n + d.countScans, 0)} count scans), lines with an adjustment ${outcome.countLinesWithEntry}, applied ${outcome.countLinesApplied}; count adjustments at the service ${outcome.sandboxCountAdjustments}: ${outcome.sandboxCountAdjustments === outcome.countLinesApplied ? 'yes' : 'NO'}`,
      `caches equal to the service after their sync: ${outcome.desks.filter((d) => d.cacheMismatches === 0).length} of ${options.desks}`,
      `requests per minute per desk: idle ${outcome.idleRequestsPerMinutePerDesk}, at work ${outcome.workRequestsPerMinutePerDesk}`,
      `at work by path: ${JSON.stringify(outcome.workRequestsByPath)}`,
      outcome.ok ? 'OK' : `FAILED: ${outcome.problems.join('; ')}`,
    ].join('\n'),
  );
  writeFileSync(join(import.meta.dirname, 'results', 'soak.json'), JSON.stringify(report, null, 2) + '\n');
  process.exitCode = outcome.ok ? 0 : 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit();
