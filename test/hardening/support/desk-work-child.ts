// One desk process for the desk-work property test (desk-work-property.test.ts): the real core
// (createDeskCore, through support/core.ts) on DESK_DATA_DIR, behind the real IPC router, driven
// line by line from stdin as the renderer would call it. The test kills it with SIGKILL to crash
// it; the sandbox runs in the test process and survives.
//
// The desk's clock is the system's plus an offset (DESK_SKEW_MS at start, then `skew` commands),
// handed to the core as its `now`: the desk's clock running ahead, behind, or jumping.
//
// stdin, one JSON object a line: {id, kind: 'call', channel, input} | {id, kind: 'skew', ms} | {id, kind: 'close'}.
// stdout, one JSON object a line: {event: 'ready'}, {id, result} (a call's Result, as the renderer
// gets it), {event: 'log', level, message, data} (warnings and errors the core logged),
// {event: 'internal_error', channel, error}, {event: 'event_problem', problem}.
import { createInterface } from 'node:readline';
import { startCore } from './core';

const say = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

const dataDir = process.env['DESK_DATA_DIR'];
if (!dataDir) throw new Error('DESK_DATA_DIR is required');
let skewMs = Number(process.env['DESK_SKEW_MS'] ?? '0');
if (!Number.isSafeInteger(skewMs)) throw new Error(`DESK_SKEW_MS must be an integer, not ${process.env['DESK_SKEW_MS']}`);

const core = await startCore({
  dataDir,
  demoByDefault: false,
  now: () => new Date(Date.now() + skewMs),
  log: (level, message, data) => {
    if (level === 'warn' || level === 'error') say({ event: 'log', level, message, ...(data ? { data } : {}) });
  },
});

let reportedErrors = 0;
let reportedProblems = 0;
/** What the router caught as a bug, or an event that broke the contract, since the last report. */
function reportBugs(): void {
  for (const { channel, error } of core.recorded.internalErrors.slice(reportedErrors)) say({ event: 'internal_error', channel, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  reportedErrors = core.recorded.internalErrors.length;
  for (const problem of core.recorded.eventProblems.slice(reportedProblems)) say({ event: 'event_problem', problem });
  reportedProblems = core.recorded.eventProblems.length;
  // The answers are kept by support/core.ts for other tests; this process has no use for them.
  core.recorded.answers.length = 0;
  core.recorded.events.length = 0;
}

say({ event: 'ready' });

interface Command {
  id: number;
  kind: 'call' | 'skew' | 'close';
  channel?: string;
  input?: unknown;
  ms?: number;
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as Command;
  void (async () => {
    if (command.kind === 'call') {
      const result = await core.call(command.channel, command.input);
      reportBugs();
      say({ id: command.id, result });
    } else if (command.kind === 'skew') {
      skewMs = command.ms ?? 0;
      say({ id: command.id, result: { ok: true, value: skewMs } });
    } else {
      await core.close({ keepDir: true });
      reportBugs();
      say({ id: command.id, result: { ok: true, value: null } });
      process.exit(0);
    }
  })();
});
