import { execFileSync } from 'node:child_process';
import { loadAll } from 'js-yaml';
import { repoPath } from './files';

export type Labels = Record<string, string>;

export interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface Probe {
  httpGet?: { path?: string; port: string | number };
  tcpSocket?: { port: string | number };
  exec?: { command: string[] };
  [field: string]: unknown;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string; optional?: boolean };
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: {
    requests?: Record<string, string | number>;
    limits?: Record<string, string | number>;
  };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    runAsUser?: number;
    capabilities?: { drop?: string[]; add?: string[] };
  };
  volumeMounts?: { name: string; mountPath: string }[];
  [field: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; [field: string]: unknown };
  terminationGracePeriodSeconds?: number;
  automountServiceAccountToken?: boolean;
  restartPolicy?: string;
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
  [field: string]: unknown;
}

export interface PodTemplate {
  metadata?: { labels?: Labels; annotations?: Record<string, string> };
  spec: PodSpec;
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Labels;
    annotations?: Record<string, string>;
  };
  // The shape depends on the kind; the helpers below narrow it.
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [field: string]: unknown;
}

export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'Job'];
export const OVERLAYS = ['dev', 'dev-ingress', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** The first kubectl whose kustomize reads `components:` (the overlays list k8s/components/*). */
const MINIMUM_KUBECTL_MINOR = 21;
/** The install step named when there is none (deploy/local/ensure-tools.sh prints the same). */
const KUBECTL_STEP =
  'curl -fsSLo /usr/local/bin/kubectl https://dl.k8s.io/release/v1.32.4/bin/linux/amd64/kubectl && chmod +x /usr/local/bin/kubectl';

function kubectl(): string {
  const binary = process.env.KUBECTL ?? 'kubectl';
  let minor: number;
  try {
    const output = execFileSync(binary, ['version', '--client', '-o', 'json'], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    minor = parseInt(
      (JSON.parse(output) as { clientVersion: { minor: string } }).clientVersion.minor,
      10,
    );
  } catch {
    throw new Error(
      `kubectl is required to render the Kustomize overlays and was not found as "${binary}". ` +
        `Install kubectl 1.${MINIMUM_KUBECTL_MINOR} or newer (${KUBECTL_STEP}) or set KUBECTL to its path.`,
    );
  }
  if (!(minor >= MINIMUM_KUBECTL_MINOR)) {
    throw new Error(
      `"${binary}" is kubectl 1.${minor}; the overlays use kustomize components, which need ` +
        `kubectl 1.${MINIMUM_KUBECTL_MINOR} or newer (Debian bookworm's kubernetes-client is 1.20). ` +
        `Install a newer one (${KUBECTL_STEP}) or set KUBECTL to its path.`,
    );
  }
  return binary;
}

/** `kubectl kustomize` of a folder under k8s/, parsed into objects. */
export function render(relativeDir: string): K8sObject[] {
  const output = execFileSync(kubectl(), ['kustomize', repoPath(relativeDir)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return loadAll(output).filter((doc): doc is K8sObject => doc !== null && doc !== undefined);
}

export function ofKind(objects: K8sObject[], kind: string): K8sObject[] {
  return objects.filter((object) => object.kind === kind);
}

export function find(objects: K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((object) => object.kind === kind && object.metadata.name === name);
}

export function podTemplate(workload: K8sObject): PodTemplate {
  const template = workload.spec?.template as PodTemplate | undefined;
  if (!template) throw new Error(`${workload.kind}/${workload.metadata.name} has no pod template`);
  return template;
}

export function workloads(objects: K8sObject[]): K8sObject[] {
  return objects.filter((object) => WORKLOAD_KINDS.includes(object.kind));
}

export function selectorMatches(selector: LabelSelector | undefined, labels: Labels = {}): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(
    ([key, value]) => labels[key] === value,
  );
  const byExpressions = (selector.matchExpressions ?? []).every((expression) => {
    const value = labels[expression.key];
    switch (expression.operator) {
      case 'In':
        return value !== undefined && (expression.values ?? []).includes(value);
      case 'NotIn':
        return value === undefined || !(expression.values ?? []).includes(value);
      case 'Exists':
        return value !== undefined;
      case 'DoesNotExist':
        return value === undefined;
      default:
        throw new Error(`unknown selector operator ${expression.operator}`);
    }
  });
  return byLabels && byExpressions;
}

/** A Service's selector is a plain map; matching it means every pair is among the pod's labels. */
export function mapSelects(selector: Labels | undefined, labels: Labels = {}): boolean {
  if (!selector || Object.keys(selector).length === 0) return false;
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

export function containerPort(container: Container, port: string | number): number | undefined {
  if (typeof port === 'number') {
    return container.ports?.some((declared) => declared.containerPort === port) ? port : undefined;
  }
  return container.ports?.find((declared) => declared.name === port)?.containerPort;
}

/** Where the overlay's objects say a Secret/ConfigMap reference points after kustomize renamed it. */
export function configMapData(objects: K8sObject[], name: string): Record<string, string> {
  const configMap = find(objects, 'ConfigMap', name);
  if (!configMap) throw new Error(`ConfigMap ${name} is referenced but not rendered`);
  return configMap.data ?? {};
}

export function secretData(objects: K8sObject[], name: string): Record<string, string> | undefined {
  const secret = find(objects, 'Secret', name);
  if (!secret) return undefined;
  const data = secret.data ?? {};
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      Buffer.from(value, 'base64').toString('utf8'),
    ]),
  );
}

/**
 * The environment a container starts with. Secret values that the overlay does not carry (prod
 * expects them from the cluster) are replaced by `placeholder(key)`; optional ones are left out.
 */
export function containerEnv(
  objects: K8sObject[],
  container: Container,
  placeholder: (secretKey: string) => string,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMapData(objects, source.configMapRef.name));
    if (source.secretRef) {
      Object.assign(env, secretData(objects, source.secretRef.name) ?? {});
    }
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) {
      env[variable.name] = variable.value;
      continue;
    }
    const secretRef = variable.valueFrom?.secretKeyRef;
    if (secretRef) {
      const data = secretData(objects, secretRef.name);
      const value = data
        ? data[secretRef.key]
        : secretRef.optional
          ? undefined
          : placeholder(secretRef.key);
      if (value !== undefined) env[variable.name] = value;
      continue;
    }
    const configMapRef = variable.valueFrom?.configMapKeyRef;
    if (configMapRef) {
      const value = configMapData(objects, configMapRef.name)[configMapRef.key];
      if (value !== undefined) env[variable.name] = value;
    }
  }
  return env;
}

/** `registry.example.com/probedge/news:0.1.0` → `probedge/news`. */
export function imageRepository(image: string): string {
  const withoutDigest = image.split('@')[0];
  const lastSlash = withoutDigest.lastIndexOf('/');
  const lastColon = withoutDigest.lastIndexOf(':');
  const withoutTag = lastColon > lastSlash ? withoutDigest.slice(0, lastColon) : withoutDigest;
  const parts = withoutTag.split('/');
  if (parts.length > 1 && /[.:]|^localhost$/.test(parts[0])) parts.shift();
  return parts.join('/');
}

export function imageTag(image: string): string | undefined {
  const withoutDigest = image.split('@')[0];
  const lastSlash = withoutDigest.lastIndexOf('/');
  const lastColon = withoutDigest.lastIndexOf(':');
  return lastColon > lastSlash ? withoutDigest.slice(lastColon + 1) : undefined;
}

/** Original name of a kustomize-generated object (`probedge-config-5f8k2h` → `probedge-config`). */
export function generatedName(name: string): string {
  return name.replace(/-[a-z0-9]{10}$/, '');
}
