// Runs Electronegativity (@doyensec/electronegativity) over src/ and the built out/ and fails on
// any finding above the threshold of .electronegativity/config.json that is not justified in
// .electronegativity/justifications.md. Part of `npm run lint` (after a build, see package.json).
//
// Why a wrapper and not the CLI:
// - the CLI always exits 0; a gate needs an exit code;
// - its loader only reads .js/.jsx/.ts/.tsx/.html/.json: the sandboxed preload is built as
//   index.cjs, so .cjs/.mjs/.cts/.mts files are staged under a `.js` name to be scanned at all;
// - its AST walker (estraverse) predates class private fields, which the renderer bundle uses:
//   built JavaScript is lowered with esbuild first (same code, older syntax), and a file that
//   still cannot be parsed fails the run, because an unparsed file is an unchecked file;
// - src/ and out/ are scanned in separate runs: its global checks ("is there a will-navigate
//   handler anywhere?") must hold for the build itself, not be satisfied by the sources;
// - it downloads its message texts from S3 on every run (seconds of waiting offline, and remote
//   text in a test gate): the bundled en-US texts are used instead, with no network at all.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const SEVERITIES = ['INFORMATIONAL', 'LOW', 'MEDIUM', 'HIGH'];
const RENAMED = /\.(cjs|mjs|cts|mts)$/;
const STAGED_SUFFIX = '.staged.js';

/** Reads `.electronegativity/config.json`. */
export function readConfig(dir = join(root, '.electronegativity')) {
  const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  if (!Array.isArray(config.inputs) || config.inputs.some((i) => typeof i !== 'string')) throw new Error('config.inputs: a list of folders');
  if (!SEVERITIES.includes(config.failAbove)) throw new Error(`config.failAbove: one of ${SEVERITIES.join(', ')}`);
  for (const [check, why] of Object.entries(config.excludeChecks ?? {})) {
    if (typeof why !== 'string' || why.trim().length < 20) throw new Error(`config.excludeChecks.${check}: say why it is excluded`);
  }
  return { inputs: config.inputs, failAbove: config.failAbove, excludeChecks: config.excludeChecks ?? {}, lowerTarget: config.lowerTarget ?? 'es2019' };
}

/**
 * The justification table of `.electronegativity/justifications.md`: every row
 * `| CHECK_ID | path (may use *) | why it is not a problem | proven by (test files) |`.
 */
export function parseJustifications(markdown) {
  const rows = [];
  for (const line of markdown.split('\n')) {
    const cells = line.trim().match(/^\|(.*)\|$/)?.[1].split('|').map((c) => c.trim());
    if (!cells || cells.length !== 4) continue;
    const [check, file, why, provenBy] = cells.map((c) => c.replace(/^`|`$/g, ''));
    if (!/^[A-Z][A-Z0-9_]+$/.test(check)) continue; // header and separator rows
    rows.push({
      check,
      file,
      why,
      provenBy: provenBy.split(/[,\s]+/).map((p) => p.replace(/^`|`$/g, '')).filter((p) => p.includes('/')),
    });
  }
  return rows;
}

function globToRegExp(glob) {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
}

/** Whether a justification covers a finding (same check, file matching the path pattern). */
export function covers(justification, finding) {
  return justification.check === finding.check && globToRegExp(justification.file).test(finding.file);
}

/** Findings above the threshold split into justified and not; plus the justifications nothing used. */
export function judge(findings, justifications, failAbove) {
  const limit = SEVERITIES.indexOf(failAbove);
  const above = findings.filter((f) => SEVERITIES.indexOf(f.severity) > limit);
  const used = new Set();
  const unjustified = [];
  const justified = [];
  for (const finding of above) {
    const match = justifications.find((j) => covers(j, finding));
    if (match) {
      used.add(match);
      justified.push({ finding, justification: match });
    } else unjustified.push(finding);
  }
  return { above, justified, unjustified, unused: justifications.filter((j) => !used.has(j)) };
}

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Copies one input to a scratch folder in a form Electronegativity can read (see the header). */
async function stage(input, scratch, lowerTarget) {
  const esbuild = await import('esbuild');
  const target = join(scratch, input);
  cpSync(join(root, input), target, { recursive: true });
  const built = input === 'out' || input.startsWith('out/');
  for (const file of listFiles(target)) {
    const isScript = /\.(js|cjs|mjs)$/.test(file);
    if (built && isScript) {
      const code = readFileSync(file, 'utf8');
      const lowered = await esbuild.transform(code, {
        target: lowerTarget,
        format: undefined,
        loader: 'js',
        supported: { 'import-meta': true, 'top-level-await': true },
        logLevel: 'silent',
      });
      writeFileSync(file, lowered.code);
    }
    if (RENAMED.test(file)) {
      cpSync(file, file + STAGED_SUFFIX);
      rmSync(file);
    }
  }
  return target;
}

/** Loads Electronegativity with its translation download replaced by the bundled en-US texts. */
function loadElectronegativity() {
  const i18nModule = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  const i18n = createRequire(i18nModule)('i18n');
  require(i18nModule);
  require.cache[i18nModule].exports = async function offlineTexts() {
    i18n.configure({ locales: ['en-US'], defaultLocale: 'en-US', directory: dirname(i18nModule), updateFiles: false, objectNotation: true, retryInDefaultLocale: true, register: globalThis });
    i18n.setLocale('en-US');
  };
  return require('@doyensec/electronegativity');
}

function snippetAt(staged, file, line) {
  if (!file || file === 'N/A' || line < 1) return '';
  try {
    return (readFileSync(resolve(staged, file), 'utf8').split('\n')[line - 1] ?? '').trim().slice(0, 120);
  } catch {
    return '';
  }
}

/** Runs Electronegativity over every input of the config; returns findings and unparsable files. */
export async function scan(config) {
  const run = loadElectronegativity();
  const electronVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron.replace(/^[^0-9]*/, '');
  const scratch = mkdtempSync(join(tmpdir(), 'wd-electronegativity-'));
  const findings = [];
  const unparsed = [];
  try {
    for (const input of config.inputs) {
      if (!existsSync(join(root, input)) || !statSync(join(root, input)).isDirectory()) {
        throw new Error(`${input}/ does not exist${input.startsWith('out') ? ': build first (npm run build)' : ''}`);
      }
      const staged = await stage(input, scratch, config.lowerTarget);
      const name = (file) => (file === 'N/A' || !file ? `${input}/(global)` : join(input, relative(staged, resolve(staged, file))).split(sep).join('/').replace(STAGED_SUFFIX, ''));
      const result = await run({
        input: staged,
        isRelative: true,
        electronVersionOverride: electronVersion,
        excludeFromScan: Object.keys(config.excludeChecks),
      });
      for (const error of result.errors) {
        if (!error.tolerable) unparsed.push({ file: name(relative(staged, error.file)), message: error.message });
      }
      for (const issue of result.issues) {
        const line = issue.location?.line ?? 0;
        findings.push({
          check: issue.id,
          severity: issue.severity.name,
          confidence: issue.confidence.name,
          file: name(issue.file),
          line,
          column: issue.location?.column ?? 0,
          // Built files were lowered first, so their line numbers are those of the lowered copy:
          // the text of the line is what finds the spot in out/.
          snippet: snippetAt(staged, issue.file, line),
          description: issue.description,
          manualReview: Boolean(issue.manualReview),
        });
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { electronVersion, findings, unparsed };
}

async function main() {
  const dir = join(root, '.electronegativity');
  const config = readConfig(dir);
  const justifications = parseJustifications(readFileSync(join(dir, 'justifications.md'), 'utf8'));
  const problems = [];
  for (const j of justifications) {
    if (j.why.length < 40) problems.push(`justification ${j.check} ${j.file}: say why it is not a problem`);
    if (j.provenBy.length === 0) problems.push(`justification ${j.check} ${j.file}: name the test that proves it`);
    for (const p of j.provenBy) if (!existsSync(join(root, p))) problems.push(`justification ${j.check} ${j.file}: ${p} does not exist`);
  }
  const { electronVersion, findings, unparsed } = await scan(config);
  const verdict = judge(findings, justifications, config.failAbove);
  const where = (f) => `${f.file}:${f.line}:${f.column}${/^out\/.*\.(js|cjs|mjs)$/.test(f.file) && f.line > 0 ? ' (line of the lowered copy)' : ''}${f.snippet ? ` \`${f.snippet}\`` : ''}`;
  console.log(`Electronegativity over ${config.inputs.join(', ')} (Electron ${electronVersion}): ${findings.length} findings, ${verdict.above.length} above ${config.failAbove}, ${verdict.justified.length} of them justified.`);
  for (const f of findings.filter((x) => SEVERITIES.indexOf(x.severity) <= SEVERITIES.indexOf(config.failAbove))) {
    console.log(`  ok (${f.severity.toLowerCase()}) ${f.check} ${where(f)}`);
  }
  for (const { finding, justification } of verdict.justified) {
    console.log(`  justified ${finding.severity} ${finding.check} ${where(finding)} (${justification.provenBy.join(', ')})`);
  }
  for (const j of verdict.unused) console.log(`  note: justification ${j.check} ${j.file} matched nothing; remove it if the finding is gone for good`);
  for (const u of unparsed) problems.push(`could not parse ${u.file} (${u.message}): it was not checked`);
  for (const f of verdict.unjustified) problems.push(`${f.severity} ${f.check} at ${where(f)}: ${f.description} - fix it or justify it in .electronegativity/justifications.md`);
  if (problems.length > 0) {
    for (const p of problems) console.error(`  FAIL ${p}`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
