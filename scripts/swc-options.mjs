// The one set of swc options this repository compiles its TypeScript with: Jest (jest.config.js),
// the build (scripts/transpile.mjs) and the expand/contract check's old releases
// (test/support/migrations/previous-release.ts). Legacy decorators with their metadata for Nest,
// class fields as TypeScript's useDefineForClassFields: false, class names kept, and the
// `with { type: 'json' }` attribute kept on JSON imports.
export const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2023',
    keepClassNames: true,
    experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
  },
  module: { type: 'es6' },
};
