// The import-cycle check of `npm run lint`. The zones (who may import whom) are ESLint's
// no-restricted-imports in eslint.config.js; this file only refuses cycles, which ESLint cannot
// see without a whole-graph resolver.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycles',
      severity: 'error',
      comment: 'A cycle hides the layering and makes start-up order depend on import order. Type-only imports count too: they tie the modules to each other just the same.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
