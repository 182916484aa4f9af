// The fallback renderer's own rules, checked even where kubectl is missing (k8s.spec.ts
// compares its output with kubectl's wherever kubectl exists).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderLite, splitImage, strategicMerge } from './kustomize-lite.js';

describe('kustomize-lite', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'payrail-kustomize-lite-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (files: Record<string, string>): void => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  };
  const deployment =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api}\nspec:\n  template:\n    spec:\n      containers: [{name: api, image: "payrail:dev"}]\n';

  it('merges maps, replaces whole lists and deletes keys patched to null', () => {
    const merged = strategicMerge(
      { spec: { minReplicas: 1, maxReplicas: 3, rules: [{ host: 'a' }, { host: 'b' }], keep: 'x' }, gone: 'y' },
      { spec: { maxReplicas: 9, rules: [{ host: 'c' }] }, gone: null },
    );
    expect(merged).toEqual({ spec: { minReplicas: 1, maxReplicas: 9, rules: [{ host: 'c' }], keep: 'x' } });
  });

  it('refuses to patch lists that kustomize merges by key, and patch directives', () => {
    expect(() => strategicMerge({}, { spec: { containers: [] } })).toThrow(/merge-keyed list \/spec\/containers/);
    expect(() => strategicMerge({}, { $patch: 'delete' })).toThrow(/directive/);
  });

  it('splits image references with a registry port, like kustomize', () => {
    expect(splitImage('registry.local:5000/payrail/payrail:1.2.3')).toEqual({
      name: 'registry.local:5000/payrail/payrail',
      tag: '1.2.3',
    });
    expect(splitImage('registry.local:5000/payrail')).toEqual({ name: 'registry.local:5000/payrail', tag: undefined });
  });

  it('applies namespace, labels, replicas and images to a rendered Deployment', () => {
    write({
      'deploy.yaml': deployment,
      'kustomization.yaml': [
        'resources: [deploy.yaml]',
        'namespace: ns',
        'labels: [{pairs: {env: test}, includeTemplates: true}]',
        'replicas: [{name: api, count: 3}]',
        'images: [{name: payrail, newName: reg/payrail, newTag: "2"}]',
      ].join('\n'),
    });
    expect(renderLite(dir)).toEqual([
      {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'api', namespace: 'ns', labels: { env: 'test' } },
        spec: {
          replicas: 3,
          template: {
            metadata: { labels: { env: 'test' } },
            spec: { containers: [{ name: 'api', image: 'reg/payrail:2' }] },
          },
        },
      },
    ]);
  });

  it('fails loudly on a kustomize feature it does not implement', () => {
    write({ 'deploy.yaml': deployment, 'kustomization.yaml': 'resources: [deploy.yaml]\nnamePrefix: x-\n' });
    expect(() => renderLite(dir)).toThrow(/unsupported field\(s\): namePrefix/);
  });

  it('fails when a patch matches no object', () => {
    write({
      'deploy.yaml': deployment,
      'patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: other}\nspec: {replicas: 2}\n',
      'kustomization.yaml': 'resources: [deploy.yaml]\npatches: [{path: patch.yaml}]\n',
    });
    expect(() => renderLite(dir)).toThrow(/patch matches 0 objects/);
  });
});
