import { builtinModules } from 'node:module';

/**
 * Import statements (`import … from`, `export … from`, a bare `import 'x'`), dynamic imports and
 * `require('x')` / `require.resolve('x')`: anchored at the statement and with no whitespace in the
 * specifier, so text inside a string (a message ending in "from", a property named `from`) is
 * never read as an import.
 */
const PATTERNS = [
  /^\s*(?:import|export)\s[^'";]*?\bfrom\s*(['"])([^'"\s]+)\1/gm,
  /^\s*import\s*(['"])([^'"\s]+)\1/gm,
  /\bimport\(\s*(['"])([^'"\s]+)\1\s*\)/g,
  /\brequire(?:\.resolve)?\(\s*(['"])([^'"\s]+)\1\s*\)/g,
];

/** The module specifiers a TypeScript or compiled JavaScript source loads. */
export function importSpecifiers(source: string): string[] {
  return PATTERNS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[2]));
}

/** The npm package a bare specifier names (`@scope/name/sub` is `@scope/name`); null for a path or a Node built-in. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (builtinModules.includes(specifier.split('/')[0])) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
