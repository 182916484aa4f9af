import ts from 'typescript';
import { isAncestor, resolveCommit } from './git-history.js';
import { contractMarker } from './migration-files.js';

/**
 * The static half of the expand/contract rule (docs/operations.md): the SQL a migration's `up`
 * runs may not remove or reshape what the previous release still reads or writes, unless the
 * migration is a marked contract step whose named commit (the one where the code stopped using it)
 * is already in the previous release.
 */

/** The SQL texts of the `up` method: every string and template literal inside it (templates with `$x` for their holes). */
export function upSql(source: string, fileName = 'migration.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const texts: string[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.push(node.text);
    else if (ts.isTemplateExpression(node)) texts.push(node.head.text + node.templateSpans.map((s) => `$x${s.literal.text}`).join(''));
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isMethodDeclaration(node) && node.name.getText(file) === 'up' && node.body) collect(node.body);
    else ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

/** Splits at commas outside parentheses and quotes. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

const normalise = (sql: string): string =>
  sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The contract operations (what breaks the previous release) in one SQL text, as `OPERATION: statement`. */
export function contractOperations(sql: string): string[] {
  const found: string[] = [];
  for (const statement of normalise(sql)
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const upper = statement.toUpperCase();
    const note = (operation: string) => found.push(`${operation}: ${statement}`);
    if (/^DROP TABLE\b/.test(upper)) note('DROP TABLE');
    const alter = /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?\S+ (.*)$/.exec(upper);
    if (!alter) continue;
    const actions = alter[1];
    if (/^RENAME TO\b/.test(actions)) note('RENAME TABLE');
    else if (/^RENAME (?!CONSTRAINT\b)/.test(actions)) note('RENAME COLUMN');
    if (/^RENAME\b/.test(actions)) continue;
    for (const clause of topLevelParts(actions)) {
      if (/^DROP (?!CONSTRAINT\b)/.test(clause)) note('DROP COLUMN');
      else if (/^ALTER (?:COLUMN )?\S+ (?:SET DATA )?TYPE\b/.test(clause)) note('ALTER COLUMN TYPE');
      else if (/^ALTER (?:COLUMN )?\S+ SET NOT NULL\b/.test(clause)) note('SET NOT NULL');
      else if (/^ALTER (?:COLUMN )?\S+ DROP DEFAULT\b/.test(clause)) note('DROP DEFAULT');
      else if (/^ADD (?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|CHECK\b|FOREIGN\b|EXCLUDE\b)/.test(clause) && /\bNOT NULL\b/.test(clause)) {
        if (!/\bDEFAULT\b|\bGENERATED\b/.test(clause)) note('ADD COLUMN NOT NULL without DEFAULT');
      }
    }
  }
  return found;
}

/**
 * What is wrong with a migration under the rule, given its previous release (the commit before the
 * one that added it, or HEAD while uncommitted): contract operations without a marker, or a marker
 * naming a commit that is not in the previous release.
 */
export function ruleViolations(path: string, source: string, previousRelease: string): string[] {
  const operations = upSql(source, path).flatMap(contractOperations);
  if (operations.length === 0) return [];
  const marker = contractMarker(source);
  if (marker === null)
    return operations.map(
      (op) =>
        `${path}: ${op} breaks the previous release, which still uses it during the rollout. Expand now; contract in a later ` +
        'release, in a migration marked "// contract: <commit where the code stopped using it>" (docs/operations.md, Migrations: expand and contract)',
    );
  const commit = resolveCommit(marker);
  if (commit === null) return [`${path}: "// contract: ${marker}" names no commit of this repository`];
  if (!isAncestor(commit, previousRelease))
    return [
      `${path}: "// contract: ${marker}" names a commit that is not in the previous release (${previousRelease.slice(0, 12)}): ` +
        'the code that stopped using what this migration removes must have shipped first',
    ];
  return [];
}
