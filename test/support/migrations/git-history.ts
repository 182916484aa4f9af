import { execFileSync } from 'node:child_process';
import { repoRoot } from '@payrail/devstack';

/** Runs git in the repository and answers its trimmed stdout; a failure throws with git's own message. */
export function git(args: string[], cwd = repoRoot()): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }).trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`git ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}

/**
 * The expand/contract checks read the commit that added each migration and build the commit
 * before it: they need the repository's full history. A missing git, a copy without `.git` or a
 * shallow clone fails here with what to do, never a silent skip.
 */
export function requireFullHistory(cwd = repoRoot()): void {
  let shallow: string;
  try {
    shallow = git(['rev-parse', '--is-shallow-repository'], cwd);
  } catch (error) {
    throw new Error(
      `The migration checks need this repository's git history (the commit before each migration), and git cannot read it in ${cwd}: ` +
        `${(error as Error).message}. Run the tests from a git clone (not an archive or a copy without .git).`,
      { cause: error },
    );
  }
  if (shallow !== 'false')
    throw new Error(
      'This is a shallow clone: the migration checks need the full history (the commit before each migration). ' +
        'Run `git fetch --unshallow`, or clone without --depth (GitHub Actions: actions/checkout with fetch-depth: 0).',
    );
}

/**
 * The commit of the mainline (first-parent history) that first brought `path`, or null while it is
 * not committed yet. A migration written on a branch counts from the merge that brought it: the
 * release before it is the mainline before that merge, never a commit of the branch, which no one
 * deployed. Every migration a merge brings shares that release.
 */
export function commitAdding(path: string): string | null {
  const adds = git(['log', '--first-parent', '--diff-filter=A', '--format=%H', '--', path]).split('\n').filter(Boolean);
  return adds.at(-1) ?? null;
}

/** The parent (first parent) of `commit`; a root commit has none and throws. */
export function parentOf(commit: string): string {
  return git(['rev-parse', '--verify', `${commit}^1^{commit}`]);
}

/** The full hash `revision` names (a hash, a tag, HEAD~1), or null when it names no commit here. */
export function resolveCommit(revision: string): string | null {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`]);
  } catch {
    return null;
  }
}

/** Whether `ancestor` is `descendant` or one of its ancestors. */
export function isAncestor(ancestor: string, descendant: string): boolean {
  try {
    git(['merge-base', '--is-ancestor', ancestor, descendant]);
    return true;
  } catch {
    return false;
  }
}
