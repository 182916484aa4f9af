// Offline OpenAPI validation with kubernetes-models 5.x, which exposes one module per
// apiVersion and kind: `kubernetes-models/apps/v1/Deployment` exports class `Deployment`,
// core kinds live under `kubernetes-models/v1/<Kind>`. `new Model(obj).validate()` throws
// with the schema errors. Note: these schemas do not forbid unknown fields, so a misspelt
// optional field passes here; k8s.spec.ts checks the fields that matter explicitly.
import type { K8sObject } from './manifests.js';

interface ModelInstance {
  validate(): void;
}
type ModelClass = new (data: K8sObject) => ModelInstance;

// Custom resources rendered by an overlay, validated with their published CRD models.
const CRD_PACKAGES: Record<string, string> = {
  'external-secrets.io': '@kubernetes-models/external-secrets',
};

async function loadModel(apiVersion: string, kind: string): Promise<ModelClass> {
  const crdPackage = CRD_PACKAGES[apiVersion.split('/')[0]];
  const specifier = `${crdPackage ?? 'kubernetes-models'}/${apiVersion}/${kind}`;
  let module: Record<string, unknown>;
  try {
    module = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`no kubernetes-models schema for ${apiVersion} ${kind} (${String(error)})`, { cause: error });
  }
  const model = module[kind];
  if (typeof model !== 'function') throw new Error(`${specifier} does not export ${kind}`);
  return model as ModelClass;
}

/** Returns one message per invalid object, empty when all validate. */
export async function schemaErrors(objects: K8sObject[]): Promise<string[]> {
  const errors: string[] = [];
  for (const obj of objects) {
    const where = `${obj.kind} ${obj.metadata.name}`;
    try {
      const Model = await loadModel(obj.apiVersion, obj.kind);
      new Model(structuredClone(obj)).validate();
    } catch (error) {
      errors.push(`${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return errors;
}
