// Renders a kustomization with `kubectl kustomize` when kubectl (kustomize v5+) is installed,
// else with kustomize-lite. PAYRAIL_KUSTOMIZE=lite forces the fallback (to try it on a machine
// that has kubectl).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderLite } from './kustomize-lite.js';
import { type K8sObject, asK8sObject, parseYamlDocuments } from './manifests.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const K8S_DIR = join(REPO_ROOT, 'k8s');
export const OVERLAYS = ['local', 'staging', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export function overlayDir(overlay: Overlay): string {
  return join(K8S_DIR, 'overlays', overlay);
}

let kubectlFound: boolean | undefined;

/** kubectl with an embedded kustomize v5+ (older ones lack the `labels` field we use). */
export function hasKubectl(): boolean {
  kubectlFound ??= (() => {
    const run = spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
    if (run.status !== 0) return false;
    const major = /"kustomizeVersion":\s*"v(\d+)\./.exec(run.stdout)?.[1];
    return major !== undefined && Number(major) >= 5;
  })();
  return kubectlFound;
}

export function renderWithKubectl(dir: string): K8sObject[] {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${run.stderr || run.error?.message}`);
  return parseYamlDocuments(run.stdout, dir).map((doc) => asK8sObject(doc, dir));
}

export type Renderer = 'kubectl' | 'kustomize-lite';

export function chosenRenderer(): Renderer {
  return process.env.PAYRAIL_KUSTOMIZE !== 'lite' && hasKubectl() ? 'kubectl' : 'kustomize-lite';
}

/** Throws (never returns nothing) when the chosen renderer cannot render `dir`, saying which and why. */
export function render(dir: string): K8sObject[] {
  if (chosenRenderer() === 'kubectl') return renderWithKubectl(dir);
  try {
    return renderLite(dir);
  } catch (error) {
    const why = hasKubectl() ? 'PAYRAIL_KUSTOMIZE=lite is set' : 'kubectl with kustomize v5+ is not installed';
    throw new Error(`${dir} cannot be rendered: ${why}, and kustomize-lite failed: ${String(error)}`, { cause: error });
  }
}

/** The kinds `kubectl kustomize` renders from a kustomization directory, sorted (kubectl only). */
export function kubectlKinds(dir: string): string[] {
  return renderWithKubectl(dir)
    .map((o) => `${o.kind}/${o.metadata.name}`)
    .sort();
}
