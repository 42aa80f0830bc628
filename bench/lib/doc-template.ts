// The first version of docs/benchmarks.md, used only when the file does not exist yet.
export const DOC_TEMPLATE = `# Benchmarks

\`npm run bench\` measures every figure of issue 6; each is compared with a bound or a peer measured
in the same run and process, because this machine is shared and absolute numbers drift.
\`npm run bench -- --quick\` is a smoke run (fewer SKUs and iterations) written to
bench/results/quick.json only. Machine-readable results of the last full run:
bench/results/latest.json (one key per figure).

## Last full run
`;
