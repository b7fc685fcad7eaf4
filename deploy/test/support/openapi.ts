import type { K8sObject } from './kubernetes';

/** A model class of kubernetes-models: built from an object, `validate()` throws what is wrong. */
type ModelClass = new (data: unknown) => { validate(): void };

interface ValidationFailure {
  errors?: { instancePath?: string; message?: string }[];
  message?: string;
}

/**
 * kustomize wraps long base64 values of a Secret's `data` over several lines; the API server decodes
 * base64 ignoring line breaks (Go's encoding/base64), so they are dropped here before the `byte` format
 * check, which knows no line breaks.
 */
function asDecoded(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data).map(([key, value]) => [key, value.replace(/[\r\n]/g, '')]),
  );
  return { ...object, data };
}

/**
 * The packages of the same project that bundle the CRD schemas of other API groups; everything else
 * is Kubernetes's own API, in `kubernetes-models`.
 */
const CRD_MODELS: Record<string, string> = {
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

/** The package holding an apiVersion's models, or undefined for an API group of a CRD. */
export function modelPackage(apiVersion: string): string {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  return CRD_MODELS[group] ?? 'kubernetes-models';
}

/** Is the apiVersion served by every cluster (no CRD to install first)? */
export function isBuiltInApi(apiVersion: string): boolean {
  if (modelPackage(apiVersion) !== 'kubernetes-models') return false;
  try {
    require.resolve(`kubernetes-models/${apiVersion}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Problems of one object against the OpenAPI schema of its apiVersion and kind, as bundled offline by
 * the `kubernetes-models` packages (Kubernetes itself, the Gateway API, the Prometheus Operator): types,
 * formats such as quantities and int-or-string, enums, patterns and required fields. Unknown fields
 * are not its concern: support/schema.ts checks those.
 */
export function openApiProblems(object: K8sObject): string[] {
  const where = `${object.kind}/${object.metadata?.name ?? '?'}`;
  let group: Record<string, unknown>;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    group = require(`${modelPackage(object.apiVersion)}/${object.apiVersion}`) as Record<
      string,
      unknown
    >;
  } catch {
    return [`${where}: unknown apiVersion ${object.apiVersion}`];
  }
  const Model = group[object.kind] as ModelClass | undefined;
  if (typeof Model !== 'function')
    return [`${where}: unknown kind ${object.apiVersion} ${object.kind}`];
  try {
    new Model(asDecoded(object)).validate();
    return [];
  } catch (error) {
    const failure = error as ValidationFailure;
    if (!failure.errors?.length) return [`${where}: ${failure.message ?? String(error)}`];
    return failure.errors.map(
      (problem) => `${where}${problem.instancePath ?? ''}: ${problem.message ?? 'invalid'}`,
    );
  }
}
