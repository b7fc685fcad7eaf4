import {
  containerPort,
  find,
  generatedName,
  imageRepository,
  imageTag,
  type K8sObject,
  type LabelSelector,
  mapSelects,
  ofKind,
  OVERLAYS,
  type Overlay,
  podTemplate,
  type PodTemplate,
  render,
  secretData,
  selectorMatches,
  workloads,
} from './support/kubernetes';
import { JOBS, QUEUES } from '../../proto/src/queues';
import { ROUTES } from '../../proto/src/routes';
import { load } from 'js-yaml';
import { readRepoFile } from './support/files';
import { exportedMetrics, parsePromQL, promqlProblems, serviceLabelOf } from './support/metrics';
import {
  connectionAllowed,
  type Party,
  podsOf,
  podsReaching,
  type Pod,
} from './support/network-policy';
import { isBuiltInApi, openApiProblems } from './support/openapi';
import { PROCESSES, SERVICES_WITH_DATABASE, stackFlags } from './support/processes';
import { validateObject } from './support/schema';

const rendered = new Map<Overlay, K8sObject[]>();

function objectsOf(overlay: Overlay): K8sObject[] {
  if (!rendered.has(overlay)) rendered.set(overlay, render(`k8s/overlays/${overlay}`));
  return rendered.get(overlay) as K8sObject[];
}

const APIS = ['content', 'news-api', 'insights-api', 'billing', 'markets-api'];
const WORKERS = ['content-worker', 'news-worker', 'insights-worker'];
/** The processes that open a database connection (every service's; not the gateway's). */
const DATABASE_USERS = PROCESSES.filter((proc) => proc.database).map((proc) => proc.name);
const AUTOSCALED = ['gateway', ...APIS];
const INGRESS_CONTROLLER = { namespaceLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } };
const MONITORING = { namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' } };
const ELSEWHERE = { namespaceLabels: { 'kubernetes.io/metadata.name': 'someone-else' } };
const KUBE_DNS = {
  namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
  podLabels: { 'k8s-app': 'kube-dns' },
};
const THE_INTERNET = {};
const NAMESPACES: Record<Overlay, string> = {
  dev: 'probedge-dev',
  'dev-ingress': 'probedge-dev',
  prod: 'probedge',
};
/** Kinds without a namespace among those the overlays render. */
const CLUSTER_SCOPED = ['Namespace'];
/**
 * What the public entry sends where, whether it is an Ingress or a Gateway's HTTPRoute: everything to
 * the gateway, which serves the API, the sitemap and robots, and the web build in its image.
 */
const EDGE_ROUTES = { 'Prefix /': 'gateway' };
/** The web's own Deployment, Service and image (nginx), gone since the gateway serves the site. */
const RETIRED_WEB = { name: 'web', image: 'probedge/web' };
/** The label NGINX Gateway Fabric, Istio and kgateway put on a Gateway's proxies (its name). */
const GATEWAY_NAME_LABEL = 'gateway.networking.k8s.io/gateway-name';

function pod(objects: K8sObject[], name: string): Pod {
  const found = podsOf(objects).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no workload ${name}`);
  return found;
}

function portOf(target: Pod, name: string): number {
  const port = target.ports.find((candidate) => candidate.name === name);
  if (!port) throw new Error(`${target.name} declares no port ${name}`);
  return port.containerPort;
}

interface Listener {
  name: string;
  port: number;
  protocol: string;
  hostname?: string;
  tls?: { mode?: string; certificateRefs?: { kind?: string; name: string }[] };
}

interface HttpRouteRule {
  matches?: { path?: { type: string; value: string } }[];
  filters?: { type: string; requestRedirect?: { scheme?: string; statusCode?: number } }[];
  backendRefs?: {
    group?: string;
    kind?: string;
    name: string;
    namespace?: string;
    port?: number;
  }[];
}

function listenersOf(gateway: K8sObject): Listener[] {
  return gateway.spec?.listeners as Listener[];
}

function rulesOf(route: K8sObject): HttpRouteRule[] {
  return (route.spec?.rules as HttpRouteRule[] | undefined) ?? [];
}

function parentRefsOf(route: K8sObject): { name: string; sectionName?: string }[] {
  return route.spec?.parentRefs as { name: string; sectionName?: string }[];
}

/** `Prefix /api` → service name, from an Ingress's paths or the HTTPRoutes' backends. */
function edgeTable(objects: K8sObject[]): Record<string, string> {
  const table: Record<string, string> = {};
  for (const ingress of ofKind(objects, 'Ingress')) {
    type Path = { path: string; pathType: string; backend: { service: { name: string } } };
    for (const rule of ingress.spec?.rules as { http: { paths: Path[] } }[]) {
      for (const path of rule.http.paths) {
        table[`${path.pathType} ${path.path}`] = path.backend.service.name;
      }
    }
  }
  for (const route of ofKind(objects, 'HTTPRoute')) {
    for (const rule of rulesOf(route)) {
      for (const backend of rule.backendRefs ?? []) {
        for (const match of rule.matches ?? [{ path: { type: 'PathPrefix', value: '/' } }]) {
          const path = match.path ?? { type: 'PathPrefix', value: '/' };
          table[`${path.type === 'PathPrefix' ? 'Prefix' : path.type} ${path.value}`] =
            backend.name;
        }
      }
    }
  }
  return table;
}

interface EdgeBackend {
  /** `Prefix /`, as in edgeTable. */
  path: string;
  service: string;
  port: { name?: string; number?: number };
}

/** Where each path of the Ingress and of the HTTPRoutes' forwarding rules goes (redirects go nowhere). */
function edgeBackends(objects: K8sObject[]): EdgeBackend[] {
  const backends: EdgeBackend[] = [];
  for (const ingress of ofKind(objects, 'Ingress')) {
    type Path = {
      path: string;
      pathType: string;
      backend: { service: { name: string; port: { name?: string; number?: number } } };
    };
    for (const rule of ingress.spec?.rules as { http: { paths: Path[] } }[]) {
      for (const path of rule.http.paths) {
        backends.push({
          path: `${path.pathType} ${path.path}`,
          service: path.backend.service.name,
          port: path.backend.service.port,
        });
      }
    }
  }
  for (const route of ofKind(objects, 'HTTPRoute')) {
    for (const rule of rulesOf(route)) {
      for (const ref of rule.backendRefs ?? []) {
        for (const match of rule.matches ?? [{}]) {
          const path = match.path ?? { type: 'PathPrefix', value: '/' };
          backends.push({
            path: `${path.type === 'PathPrefix' ? 'Prefix' : path.type} ${path.value}`,
            service: (ref.kind ?? 'Service') === 'Service' ? ref.name : `${ref.kind}/${ref.name}`,
            port: { number: ref.port },
          });
        }
      }
    }
  }
  return backends;
}

/**
 * Paths of the public entry that do not end at the gateway: at another Service, at a Service port
 * that does not lead to the gateway container's `http` port, or no rule for every path at all.
 */
function edgeBackendProblems(objects: K8sObject[]): string[] {
  const backends = edgeBackends(objects);
  const problems: string[] = [];
  if (!backends.some((backend) => backend.path === 'Prefix /')) {
    problems.push('no path Prefix / to the gateway: some pages would reach nothing');
  }
  const deployment = find(objects, 'Deployment', 'gateway');
  const [container] = deployment ? podTemplate(deployment).spec.containers : [];
  const listens = container ? containerPort(container, 'http') : undefined;
  const service = find(objects, 'Service', 'gateway');
  const ports = (service?.spec?.ports ?? []) as {
    name?: string;
    port: number;
    targetPort?: string | number;
  }[];
  for (const backend of backends) {
    if (backend.service !== 'gateway') {
      problems.push(`${backend.path} goes to ${backend.service}, not the gateway`);
      continue;
    }
    const port = ports.find((candidate) =>
      backend.port.name !== undefined
        ? candidate.name === backend.port.name
        : candidate.port === backend.port.number,
    );
    const target = port ? (port.targetPort ?? port.port) : undefined;
    const reaches =
      container && target !== undefined ? containerPort(container, target) : undefined;
    if (listens === undefined || reaches !== listens) {
      problems.push(
        `${backend.path} goes to gateway:${backend.port.name ?? backend.port.number}, not its http port`,
      );
    }
  }
  return problems;
}

/**
 * Where an object still names the web's Deployment: a name, an `app.kubernetes.io/*` label or selector
 * (matchLabels or matchExpressions) valued `web`, a backend Service `web`, its image, or a URL to it.
 */
function webReferences(object: K8sObject): string[] {
  const where = `${object.kind}/${object.metadata.name}`;
  const found: string[] = [];
  if (object.metadata.name === RETIRED_WEB.name) found.push(`${where}: named ${RETIRED_WEB.name}`);
  const walk = (value: unknown, at: string): void => {
    if (typeof value === 'string') {
      if (new RegExp(`//${RETIRED_WEB.name}[:/.]`).test(value))
        found.push(`${where}${at}: ${value}`);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${at}/${index}`));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const isAppLabel = (key: unknown) =>
      typeof key === 'string' && key.startsWith('app.kubernetes.io/');
    if (
      isAppLabel(record.key) &&
      Array.isArray(record.values) &&
      record.values.includes(RETIRED_WEB.name)
    ) {
      found.push(`${where}${at}: ${String(record.key)} in (${record.values.join(', ')})`);
    }
    if (/backend/i.test(at) && record.name === RETIRED_WEB.name) {
      found.push(`${where}${at}: backend ${RETIRED_WEB.name}`);
    }
    for (const [key, child] of Object.entries(record)) {
      if (isAppLabel(key) && child === RETIRED_WEB.name) {
        found.push(`${where}${at}/${key}: ${RETIRED_WEB.name}`);
      }
      if (
        key === 'image' &&
        typeof child === 'string' &&
        imageRepository(child) === RETIRED_WEB.image
      ) {
        found.push(`${where}${at}/image: ${child}`);
      }
      walk(child, `${at}/${key}`);
    }
  };
  walk({ ...object, metadata: { ...object.metadata, name: undefined } }, '');
  return found;
}

/** The `images:` names of an overlay's kustomization.yaml (dev-ingress takes dev's). */
function overlayImageNames(overlay: Overlay): string[] {
  const folder = overlay === 'dev-ingress' ? 'dev' : overlay;
  const kustomization = load(readRepoFile(`k8s/overlays/${folder}/kustomization.yaml`)) as {
    images?: { name: string }[];
  };
  return (kustomization.images ?? []).map((image) => image.name);
}

/**
 * Who connects to the gateway from outside: the Gateway's proxies (a pod of this namespace with the
 * Gateway's name label, listening on its listener ports) or the ingress controller.
 */
function edgeProxy(objects: K8sObject[]): { party: Party; listenerPorts: number[] } {
  const gateway = ofKind(objects, 'Gateway')[0];
  if (!gateway) return { party: { outsider: INGRESS_CONTROLLER }, listenerPorts: [] };
  const listenerPorts = listenersOf(gateway).map((listener) => listener.port);
  return { party: { pod: dataPlane(gateway.metadata.name, listenerPorts) }, listenerPorts };
}

function dataPlane(gatewayName: string, ports: number[] = [80, 443]): Pod {
  return {
    name: 'gateway-data-plane',
    labels: { [GATEWAY_NAME_LABEL]: gatewayName },
    ports: ports.map((containerPort) => ({ containerPort })),
  };
}

function configMapOf(objects: K8sObject[]): Record<string, string> {
  const configMap = ofKind(objects, 'ConfigMap').find(
    (candidate) => generatedName(candidate.metadata.name) === 'probedge-config',
  );
  if (!configMap) throw new Error('no ConfigMap probedge-config');
  return configMap.data ?? {};
}

function bytes(quantity: string): number {
  const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(quantity);
  if (!match) throw new Error(`unexpected quantity ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  beforeAll(() => {
    objectsOf(overlay);
  });

  it('renders with kubectl kustomize into the whole platform', () => {
    const names = workloads(objectsOf(overlay)).map((workload) => workload.metadata.name);
    expect(names).toEqual(expect.arrayContaining([...APIS, ...WORKERS, 'gateway', 'migrate']));
    expect(names).not.toContain(RETIRED_WEB.name);
  });

  it('has no web Deployment any more: no object names the web, its labels or its image', () => {
    const objects = objectsOf(overlay);
    expect(objects.flatMap(webReferences)).toEqual([]);
    const images = workloads(objects).flatMap((workload) =>
      podTemplate(workload).spec.containers.map((container) =>
        imageRepository(container.image ?? ''),
      ),
    );
    expect(images).not.toContain(RETIRED_WEB.image);
  });

  it('sets under `images:` only images that its workloads run', () => {
    const running = new Set(
      workloads(objectsOf(overlay)).flatMap((workload) =>
        podTemplate(workload).spec.containers.map((container) =>
          imageRepository(container.image ?? ''),
        ),
      ),
    );
    const listed = overlayImageNames(overlay);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((name) => !running.has(name))).toEqual([]);
  });

  it('matches the Kubernetes OpenAPI schema (kubernetes-models) in every object', () => {
    const objects = objectsOf(overlay);
    expect(objects.length).toBeGreaterThan(20);
    expect(objects.flatMap(openApiProblems)).toEqual([]);
  });

  it('uses only fields the Kubernetes schema knows, with the stricter checks of support/schema.ts', () => {
    expect(objectsOf(overlay).flatMap(validateObject)).toEqual([]);
  });

  it('names each object once per kind, all in one namespace', () => {
    const objects = objectsOf(overlay);
    const keys = objects.map((object) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    const namespaced = objects.filter((object) => !CLUSTER_SCOPED.includes(object.kind));
    const namespaces = new Set(namespaced.map((object) => object.metadata.namespace));
    expect([...namespaces]).toEqual([NAMESPACES[overlay]]);
    for (const object of objects.filter((o) => CLUSTER_SCOPED.includes(o.kind))) {
      expect({ [object.kind]: object.metadata.namespace }).toEqual({ [object.kind]: undefined });
    }
  });

  it('creates its own Namespace first, the one every namespaced object is in', () => {
    const objects = objectsOf(overlay);
    const namespaces = ofKind(objects, 'Namespace');
    expect(namespaces.map((namespace) => namespace.metadata.name)).toEqual([NAMESPACES[overlay]]);
    // kubectl applies in this order: the Namespace exists before anything is created in it.
    expect(objects[0]).toBe(namespaces[0]);
    for (const object of objects.filter((o) => !CLUSTER_SCOPED.includes(o.kind))) {
      expect(`${object.kind}/${object.metadata.name} in ${object.metadata.namespace}`).toBe(
        `${object.kind}/${object.metadata.name} in ${namespaces[0].metadata.name}`,
      );
    }
  });

  it('selects its own pods in every Deployment and StatefulSet', () => {
    for (const workload of workloads(objectsOf(overlay)).filter((w) => w.kind !== 'Job')) {
      const selector = workload.spec?.selector as LabelSelector;
      expect({
        [workload.metadata.name]: selectorMatches(selector, podTemplate(workload).metadata?.labels),
      }).toEqual({
        [workload.metadata.name]: true,
      });
    }
  });

  it('probes only ports that the container declares', () => {
    for (const workload of workloads(objectsOf(overlay))) {
      for (const container of podTemplate(workload).spec.containers) {
        for (const probe of [
          container.livenessProbe,
          container.readinessProbe,
          container.startupProbe,
        ]) {
          const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
          if (port === undefined) continue;
          expect({
            [`${workload.metadata.name}:${port}`]: containerPort(container, port),
          }).not.toEqual({
            [`${workload.metadata.name}:${port}`]: undefined,
          });
        }
      }
    }
  });

  it('routes every Service to pods that declare its target ports', () => {
    const objects = objectsOf(overlay);
    for (const service of ofKind(objects, 'Service')) {
      const selector = service.spec?.selector as Record<string, string>;
      const selected = workloads(objects).filter((workload) =>
        mapSelects(selector, podTemplate(workload).metadata?.labels),
      );
      expect({ [service.metadata.name]: selected.length }).toEqual({ [service.metadata.name]: 1 });
      const ports = service.spec?.ports as { port: number; targetPort?: string | number }[];
      for (const port of ports) {
        const target = port.targetPort ?? port.port;
        const declared = podTemplate(selected[0]).spec.containers.some(
          (container) => containerPort(container, target) !== undefined,
        );
        expect({ [`${service.metadata.name}:${target}`]: declared }).toEqual({
          [`${service.metadata.name}:${target}`]: true,
        });
      }
    }
  });

  it('routes every path (the API, the sitemap, robots and the pages) to the gateway', () => {
    const objects = objectsOf(overlay);
    // One public entry: either the Ingress (component) or the Gateway (base), never both.
    const entries = [...ofKind(objects, 'Ingress'), ...ofKind(objects, 'Gateway')];
    expect(entries.map((entry) => entry.kind)).toHaveLength(1);
    expect(edgeTable(objects)).toEqual(EDGE_ROUTES);
  });

  it('sends the public entry only to Services and ports that exist', () => {
    const objects = objectsOf(overlay);
    const backends: { name: string; port: { name?: string; number?: number } }[] = [
      ...ofKind(objects, 'Ingress').flatMap((ingress) =>
        (
          ingress.spec?.rules as {
            http: {
              paths: {
                backend: { service: { name: string; port: { name?: string; number?: number } } };
              }[];
            };
          }[]
        ).flatMap((rule) => rule.http.paths.map((path) => path.backend.service)),
      ),
      ...ofKind(objects, 'HTTPRoute').flatMap((route) =>
        rulesOf(route).flatMap((rule) =>
          (rule.backendRefs ?? []).map((ref) => {
            // A backend elsewhere would need a ReferenceGrant; these are Services of this namespace.
            expect({
              kind: ref.kind ?? 'Service',
              group: ref.group ?? '',
              ns: ref.namespace,
            }).toEqual({
              kind: 'Service',
              group: '',
              ns: undefined,
            });
            return { name: ref.name, port: { number: ref.port } };
          }),
        ),
      ),
    ];
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      const service = find(objects, 'Service', backend.name);
      const ports = (service?.spec?.ports ?? []) as { name?: string; port: number }[];
      const { name, number } = backend.port;
      expect({
        [backend.name]: ports.some((port) =>
          name !== undefined ? port.name === name : port.port === number,
        ),
      }).toEqual({ [backend.name]: true });
    }
  });

  it('leaves WEB_DIST_DIR to the gateway image, which puts its web build there, with a read-only root', () => {
    const objects = objectsOf(overlay);
    const deployment = find(objects, 'Deployment', 'gateway') as K8sObject;
    const [container] = podTemplate(deployment).spec.containers;
    expect(imageRepository(container.image ?? '')).toBe('probedge/gateway');
    expect((container.env ?? []).map((variable) => variable.name)).not.toContain('WEB_DIST_DIR');
    expect(Object.keys(configMapOf(objects))).not.toContain('WEB_DIST_DIR');
    // It reads the build and writes nothing outside /tmp.
    expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
    expect((container.volumeMounts ?? []).map((mount) => mount.mountPath)).toEqual(['/tmp']);
  });

  it('ends every path of the public entry at the gateway Service, on the port the gateway listens on', () => {
    const objects = objectsOf(overlay);
    expect(edgeBackends(objects).length).toBeGreaterThan(0);
    expect(edgeBackendProblems(objects)).toEqual([]);
  });

  it("attaches every HTTPRoute to a listener of the overlay's Gateway, on the listener's host", () => {
    const objects = objectsOf(overlay);
    for (const route of ofKind(objects, 'HTTPRoute')) {
      for (const parent of parentRefsOf(route)) {
        const gateway = find(objects, 'Gateway', parent.name);
        expect({ route: route.metadata.name, gateway: gateway?.metadata.name }).toEqual({
          route: route.metadata.name,
          gateway: parent.name,
        });
        const listeners = listenersOf(gateway as K8sObject).filter(
          (listener) => parent.sectionName === undefined || listener.name === parent.sectionName,
        );
        expect(listeners.length).toBeGreaterThan(0);
        for (const listener of listeners) {
          for (const host of (route.spec?.hostnames as string[] | undefined) ?? []) {
            expect([undefined, host]).toContain(listener.hostname);
          }
        }
      }
    }
  });

  it('autoscales the gateway and every API, on CPU requests, without fixing their replicas', () => {
    const objects = objectsOf(overlay);
    const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler');
    const targets = autoscalers.map((hpa) => (hpa.spec?.scaleTargetRef as { name: string }).name);
    expect(targets.sort()).toEqual([...AUTOSCALED].sort());
    for (const hpa of autoscalers) {
      const ref = hpa.spec?.scaleTargetRef as { kind: string; name: string };
      const deployment = find(objects, ref.kind, ref.name);
      expect(deployment?.kind).toBe('Deployment');
      expect(Number(hpa.spec?.minReplicas)).toBeLessThanOrEqual(Number(hpa.spec?.maxReplicas));
      // A replica count in the Deployment would undo the autoscaler's on every apply.
      expect({ [ref.name]: deployment?.spec?.replicas }).toEqual({ [ref.name]: undefined });
      for (const container of podTemplate(deployment as K8sObject).spec.containers) {
        expect(container.resources?.requests?.cpu).toBeDefined();
      }
    }
  });

  it('gives every Deployment a disruption budget that selects exactly its pods', () => {
    const objects = objectsOf(overlay);
    const budgets = ofKind(objects, 'PodDisruptionBudget');
    for (const deployment of ofKind(objects, 'Deployment')) {
      const labels = podTemplate(deployment).metadata?.labels;
      const covering = budgets.filter((pdb) =>
        selectorMatches(pdb.spec?.selector as LabelSelector, labels),
      );
      expect({ [deployment.metadata.name]: covering.length }).toEqual({
        [deployment.metadata.name]: 1,
      });
    }
    for (const pdb of budgets) {
      const selected = workloads(objects).filter((workload) =>
        selectorMatches(
          pdb.spec?.selector as LabelSelector,
          podTemplate(workload).metadata?.labels,
        ),
      );
      expect({ [pdb.metadata.name]: selected.length }).toEqual({ [pdb.metadata.name]: 1 });
    }
  });

  it('references only ConfigMaps that it renders, and Secrets by the one documented name', () => {
    const objects = objectsOf(overlay);
    for (const workload of workloads(objects)) {
      const spec = podTemplate(workload).spec;
      for (const container of spec.containers) {
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef)
            expect(find(objects, 'ConfigMap', source.configMapRef.name)).toBeDefined();
        }
        for (const variable of container.env ?? []) {
          const ref = variable.valueFrom?.secretKeyRef;
          if (!ref) continue;
          expect(generatedName(ref.name)).toBe('probedge-secrets');
          if (overlay !== 'prod' && !ref.optional) {
            expect({ [ref.key]: secretData(objects, ref.name)?.[ref.key] }).not.toEqual({
              [ref.key]: undefined,
            });
          }
        }
      }
      for (const volume of spec.volumes ?? []) {
        if (volume.configMap)
          expect(find(objects, 'ConfigMap', volume.configMap.name)).toBeDefined();
      }
    }
  });

  it('runs every container as non-root on a read-only root with no capabilities, within requests and limits', () => {
    for (const workload of workloads(objectsOf(overlay))) {
      const spec = podTemplate(workload).spec;
      const name = workload.metadata.name;
      expect({ name, runAsNonRoot: spec.securityContext?.runAsNonRoot }).toEqual({
        name,
        runAsNonRoot: true,
      });
      expect(spec.securityContext?.runAsUser).toBeGreaterThan(0);
      expect({ name, automount: spec.automountServiceAccountToken }).toEqual({
        name,
        automount: false,
      });
      for (const container of spec.containers) {
        const security = container.securityContext;
        expect({
          name,
          readOnlyRootFilesystem: security?.readOnlyRootFilesystem,
          allowPrivilegeEscalation: security?.allowPrivilegeEscalation,
          runAsNonRoot: security?.runAsNonRoot,
          drop: security?.capabilities?.drop,
          add: security?.capabilities?.add,
        }).toEqual({
          name,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          runAsNonRoot: true,
          drop: ['ALL'],
          add: undefined,
        });
        for (const kind of ['requests', 'limits'] as const) {
          expect({
            name,
            kind,
            cpu: container.resources?.[kind]?.cpu !== undefined,
            memory: container.resources?.[kind]?.memory !== undefined,
          }).toEqual({
            name,
            kind,
            cpu: true,
            memory: true,
          });
        }
      }
    }
  });

  it('checks liveness and readiness of every long-running container and pauses it before it stops', () => {
    for (const workload of workloads(objectsOf(overlay)).filter((w) => w.kind !== 'Job')) {
      const spec = podTemplate(workload).spec;
      for (const container of spec.containers) {
        const name = workload.metadata.name;
        expect({
          name,
          liveness: container.livenessProbe !== undefined,
          readiness: container.readinessProbe !== undefined,
        }).toEqual({
          name,
          liveness: true,
          readiness: true,
        });
        if (workload.kind !== 'Deployment') continue;
        const pause = container.lifecycle?.preStop?.exec?.command;
        expect({ name, pause: pause?.[0] }).toEqual({ name, pause: 'sleep' });
        expect(spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(pause?.[1]));
      }
    }
  });

  it('lets only the gateway reach the APIs, the news worker content for search and the insights worker markets', () => {
    const objects = objectsOf(overlay);
    // The news worker copies content's guides and blogs into the search index news keeps; the
    // insights worker reads the market figures its texts state (MARKETS_URL).
    const alsoReachedBy: Record<string, string> = {
      content: 'news-worker',
      'markets-api': 'insights-worker',
    };
    for (const name of APIS) {
      const api = pod(objects, name);
      expect({ name, reachedBy: podsReaching(objects, api, portOf(api, 'http')) }).toEqual({
        name,
        reachedBy: ['gateway', ...(alsoReachedBy[name] ? [alsoReachedBy[name]] : [])].sort(),
      });
      expect(
        connectionAllowed(
          objects,
          { outsider: INGRESS_CONTROLLER },
          { pod: api },
          portOf(api, 'http'),
        ),
      ).toBe(false);
      expect(
        connectionAllowed(objects, { outsider: ELSEWHERE }, { pod: api }, portOf(api, 'http')),
      ).toBe(false);
      expect(
        connectionAllowed(objects, edgeProxy(objects).party, { pod: api }, portOf(api, 'http')),
      ).toBe(false);
    }
  });

  it("lets only the insights processes call news's gRPC port", () => {
    const objects = objectsOf(overlay);
    const news = pod(objects, 'news-api');
    expect(podsReaching(objects, news, portOf(news, 'grpc'))).toEqual([
      'insights-api',
      'insights-worker',
    ]);
  });

  it('lets nobody in the namespace reach the workers', () => {
    const objects = objectsOf(overlay);
    for (const name of WORKERS) {
      const worker = pod(objects, name);
      expect({ name, reachedBy: podsReaching(objects, worker, portOf(worker, 'http')) }).toEqual({
        name,
        reachedBy: [],
      });
    }
  });

  it('runs the content worker from the content image, on its own probed and scraped port', () => {
    const objects = objectsOf(overlay);
    const deployment = find(objects, 'Deployment', 'content-worker') as K8sObject;
    expect(deployment).toBeDefined();
    const template = podTemplate(deployment);
    expect(template.metadata?.labels).toMatchObject({
      'app.kubernetes.io/name': 'content-worker',
      'app.kubernetes.io/component': 'worker',
    });
    const [container] = template.spec.containers;
    const api = podTemplate(find(objects, 'Deployment', 'content') as K8sObject).spec.containers[0];
    expect(container.image).toBe(api.image);
    expect(imageRepository(container.image ?? '')).toBe('probedge/content');
    expect(container.command).toEqual([
      'node',
      ...stackFlags('SERVICE_RUNTIME_FLAGS'),
      'dist/worker.js',
    ]);
    expect(containerPort(container, 'http')).toBe(4101);
    expect(container.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(template.metadata?.annotations?.['prometheus.io/port']).toBe('4101');
    // No Service: nothing calls the worker, it only sends.
    const services = ofKind(objects, 'Service').filter((service) =>
      mapSelects(service.spec?.selector as Record<string, string>, template.metadata?.labels),
    );
    expect(services).toEqual([]);
    const secretKeys = Object.fromEntries(
      (container.env ?? [])
        .filter((variable) => variable.valueFrom?.secretKeyRef)
        .map((variable) => [variable.name, variable.valueFrom?.secretKeyRef]),
    );
    expect(secretKeys).toEqual({
      DATABASE_URL: expect.objectContaining({ key: 'CONTENT_DATABASE_URL' }),
      REDIS_URL: expect.objectContaining({ key: 'REDIS_URL' }),
      SMTP_URL: expect.objectContaining({ key: 'SMTP_URL', optional: true }),
    });
    const token = api.env?.find((variable) => variable.name === 'CONTENT_ADMIN_TOKEN');
    expect(token?.valueFrom?.secretKeyRef).toMatchObject({
      key: 'CONTENT_ADMIN_TOKEN',
      optional: true,
    });
  });

  it('lets the content worker reach Postgres, Redis and an SMTP server', () => {
    const objects = objectsOf(overlay);
    const worker = pod(objects, 'content-worker');
    for (const port of [5432, 6379, 25, 465, 587]) {
      expect({
        port,
        allowed: connectionAllowed(objects, { pod: worker }, { outsider: THE_INTERNET }, port),
      }).toEqual({ port, allowed: true });
    }
  });

  it("lets the edge proxy (the Gateway's or the ingress controller) reach the gateway, and no pod of the namespace", () => {
    const objects = objectsOf(overlay);
    const edge = edgeProxy(objects);
    // The other kind of edge proxy gets nowhere: the policies follow the edge in use.
    const other: Party =
      'pod' in edge.party ? { outsider: INGRESS_CONTROLLER } : { pod: dataPlane('probedge') };
    const gateway = pod(objects, 'gateway');
    const port = portOf(gateway, 'http');
    expect(connectionAllowed(objects, edge.party, { pod: gateway }, port)).toBe(true);
    expect(connectionAllowed(objects, other, { pod: gateway }, port)).toBe(false);
    expect(connectionAllowed(objects, { outsider: ELSEWHERE }, { pod: gateway }, port)).toBe(false);
    expect(podsReaching(objects, gateway, port)).toEqual([]);
    // The edge proxy reaches nothing else: every other pod serves only the gateway or nobody.
    for (const target of podsOf(objects).filter((candidate) => candidate.name !== 'gateway')) {
      for (const { containerPort: targetPort } of target.ports) {
        expect({
          name: target.name,
          targetPort,
          edge: connectionAllowed(objects, edge.party, { pod: target }, targetPort),
        }).toEqual({ name: target.name, targetPort, edge: false });
      }
    }
  });

  it("lets visitors reach the Gateway's proxies on its listener ports only", () => {
    const objects = objectsOf(overlay);
    const edge = edgeProxy(objects);
    if (!('pod' in edge.party)) return; // the ingress controller is outside the namespace
    for (const port of edge.listenerPorts) {
      expect({
        port,
        allowed: connectionAllowed(objects, { outsider: THE_INTERNET }, edge.party, port),
      }).toEqual({ port, allowed: true });
    }
    expect(connectionAllowed(objects, { outsider: THE_INTERNET }, edge.party, 8080)).toBe(false);
  });

  it('keeps the gateway away from Postgres', () => {
    const objects = objectsOf(overlay);
    // The gateway keeps its rate-limit counters in Redis, shared by every replica.
    const reach = { gateway: { 5432: false, 6379: true } };
    for (const [name, ports] of Object.entries(reach)) {
      const edge = pod(objects, name);
      for (const [port, expected] of Object.entries(ports)) {
        expect({
          name,
          port,
          allowed: connectionAllowed(
            objects,
            { pod: edge },
            { outsider: THE_INTERNET },
            Number(port),
          ),
        }).toEqual({ name, port, allowed: expected });
      }
      expect(connectionAllowed(objects, { pod: edge }, { outsider: KUBE_DNS }, 53, 'UDP')).toBe(
        true,
      );
    }
  });

  it('lets the markets API reach only Redis, Postgres, DNS and its providers over HTTPS on the internet', () => {
    const objects = objectsOf(overlay);
    const markets = pod(objects, 'markets-api');
    // Its cache and the provider budgets live in Redis, its bars and instruments in its database
    // (Postgres, in the cluster or managed); it sends no mail.
    for (const [port, expected] of [
      [6379, true],
      [5432, true],
      [443, true],
      [80, false],
      [25, false],
      [587, false],
    ] as const) {
      expect({
        port,
        allowed: connectionAllowed(objects, { pod: markets }, { outsider: THE_INTERNET }, port),
      }).toEqual({ port, allowed: expected });
    }
    expect(connectionAllowed(objects, { pod: markets }, { outsider: KUBE_DNS }, 53, 'UDP')).toBe(
      true,
    );
    // HTTPS means the internet: not the pods of the namespace, on any port they declare.
    for (const target of podsOf(objects).filter((candidate) => candidate.name !== 'markets-api')) {
      for (const { containerPort: targetPort } of target.ports) {
        const allowed = connectionAllowed(objects, { pod: markets }, { pod: target }, targetPort);
        // Only the in-cluster Redis and Postgres of the dev overlay.
        expect({ name: target.name, targetPort, allowed }).toEqual({
          name: target.name,
          targetPort,
          allowed:
            (target.name === 'redis' && targetPort === 6379) ||
            (target.name === 'postgres' && targetPort === 5432),
        });
      }
    }
  });

  it('runs the migration Job again on every release: it removes itself, Argo CD replaces it', () => {
    const job = find(objectsOf(overlay), 'Job', 'migrate') as K8sObject;
    expect(job).toBeDefined();
    const ttl = job.spec?.ttlSecondsAfterFinished as number;
    // Gone some minutes after it finished, so the next `kubectl apply -k` creates it with the new
    // image instead of failing on an immutable pod template; long enough to read its outcome.
    expect(ttl).toBeGreaterThanOrEqual(300);
    expect(ttl).toBeLessThanOrEqual(3600);
    expect(readRepoFile('docs/deployment.md')).toContain(`ttlSecondsAfterFinished: ${ttl}`);
    expect(job.metadata.annotations).toMatchObject({
      'argocd.argoproj.io/hook': 'PreSync',
      'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation',
    });
    // A bounded run: a stuck migration fails before the next release could be held up by it.
    expect(Number(job.spec?.activeDeadlineSeconds)).toBeGreaterThan(0);
  });

  it('lets Prometheus scrape every process', () => {
    const objects = objectsOf(overlay);
    for (const name of [...APIS, ...WORKERS, 'gateway']) {
      const target = pod(objects, name);
      expect({
        name,
        scrape: connectionAllowed(
          objects,
          { outsider: MONITORING },
          { pod: target },
          portOf(target, 'http'),
        ),
      }).toEqual({
        name,
        scrape: true,
      });
    }
  });
});

describe('the dev overlay', () => {
  it("enters through the base's Gateway and HTTPRoute, with the Gateway's policies", () => {
    const objects = objectsOf('dev');
    expect(ofKind(objects, 'Gateway').map((gateway) => gateway.spec?.gatewayClassName)).toEqual([
      'nginx',
    ]);
    expect(ofKind(objects, 'HTTPRoute').length).toBeGreaterThan(0);
    expect(ofKind(objects, 'Ingress')).toEqual([]);
    expect(edgeTable(objects)).toEqual(EDGE_ROUTES);
    const policies = ofKind(objects, 'NetworkPolicy').map((policy) => policy.metadata.name);
    expect(policies).toContain('edge-from-gateway-data-plane');
    expect(policies).not.toContain('edge-from-ingress-controller');
    // Beyond the Gateway API's own kinds, nothing needs a CRD (no Prometheus Operator objects).
    const custom = objects.filter((object) => !isBuiltInApi(object.apiVersion));
    expect([...new Set(custom.map((object) => object.apiVersion.split('/')[0]))]).toEqual([
      'gateway.networking.k8s.io',
    ]);
  });

  it('runs Postgres and Redis in the cluster, reachable only by the services', () => {
    const objects = objectsOf('dev');
    const postgres = pod(objects, 'postgres');
    const redis = pod(objects, 'redis');
    const services = [...APIS, ...WORKERS];
    // The gateway's egress policy keeps it from Postgres.
    expect(podsReaching(objects, postgres, 5432)).toEqual([...DATABASE_USERS, 'migrate'].sort());
    expect(podsReaching(objects, redis, 6379)).toEqual([...services, 'gateway'].sort());
  });

  it('runs Redis with the append-only file and without eviction', () => {
    const redis = find(objectsOf('dev'), 'StatefulSet', 'redis') as K8sObject;
    const command = podTemplate(redis).spec.containers[0].command?.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });

  it('carries connection strings without passwords, one database per service', () => {
    const secret = ofKind(objectsOf('dev'), 'Secret');
    expect(secret).toHaveLength(1);
    const data = secretData(objectsOf('dev'), secret[0].metadata.name) ?? {};
    for (const service of SERVICES_WITH_DATABASE) {
      const url = new URL(data[`${service.toUpperCase()}_DATABASE_URL`]);
      expect(url.password).toBe('');
      expect(url.pathname).toBe(`/probedge_${service}`);
    }
  });
});

describe('the dev-ingress overlay', () => {
  it('applies on a bare cluster: only built-in kinds, no CRD needed', () => {
    const custom = objectsOf('dev-ingress').filter((object) => !isBuiltInApi(object.apiVersion));
    expect(custom.map((object) => `${object.apiVersion}/${object.kind}`)).toEqual([]);
  });

  it('is the dev overlay with the ingress-nginx component instead of the Gateway and its policies', () => {
    const objects = objectsOf('dev-ingress');
    expect(ofKind(objects, 'Gateway')).toEqual([]);
    expect(ofKind(objects, 'HTTPRoute')).toEqual([]);
    expect(ofKind(objects, 'Ingress').map((ingress) => ingress.spec?.ingressClassName)).toEqual([
      'nginx',
    ]);
    const policies = ofKind(objects, 'NetworkPolicy').map((policy) => policy.metadata.name);
    expect(policies).toContain('edge-from-ingress-controller');
    expect(policies).not.toContain('edge-from-gateway-data-plane');
    expect(policies).not.toContain('gateway-data-plane-from-anywhere');
  });
});

describe('the prod overlay', () => {
  it('holds no Secret and no database: both come from outside the repository', () => {
    const objects = objectsOf('prod');
    expect(ofKind(objects, 'Secret')).toEqual([]);
    expect(workloads(objects).map((w) => w.metadata.name)).not.toEqual(
      expect.arrayContaining(['postgres']),
    );
    expect(workloads(objects).map((w) => w.metadata.name)).not.toEqual(
      expect.arrayContaining(['redis']),
    );
  });

  it('runs at least two of every process and three gateways', () => {
    const objects = objectsOf('prod');
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      const name = (hpa.spec?.scaleTargetRef as { name: string }).name;
      expect({ name, min: Number(hpa.spec?.minReplicas) >= (name === 'gateway' ? 3 : 2) }).toEqual({
        name,
        min: true,
      });
    }
    for (const name of WORKERS) {
      expect({ name, replicas: find(objects, 'Deployment', name)?.spec?.replicas }).toEqual({
        name,
        replicas: 2,
      });
    }
  });

  it('pins every image to a registry and a version', () => {
    for (const workload of workloads(objectsOf('prod'))) {
      for (const container of podTemplate(workload).spec.containers) {
        const image = container.image ?? '';
        expect(image).not.toBe(imageRepository(image));
        expect(imageTag(image)).toMatch(/^\d+\.\d+\.\d+$/);
      }
    }
  });

  it('serves one public host over TLS, and redirects plain HTTP there', () => {
    const objects = objectsOf('prod');
    const gateway = ofKind(objects, 'Gateway')[0];
    const listeners = listenersOf(gateway);
    const https = listeners.filter((listener) => listener.protocol === 'HTTPS');
    expect(https).toHaveLength(1);
    expect(https[0].port).toBe(443);
    expect(https[0].tls?.mode ?? 'Terminate').toBe('Terminate');
    expect(https[0].tls?.certificateRefs?.map((ref) => ref.kind ?? 'Secret')).toEqual(['Secret']);
    const host = https[0].hostname as string;
    expect(host).toBe(new URL(String(configMapOf(objects).PUBLIC_URL)).hostname);
    const routes = ofKind(objects, 'HTTPRoute');
    for (const route of routes) expect(route.spec?.hostnames).toEqual([host]);
    // What reaches a backend is attached to the HTTPS listener only.
    const serving = routes.filter((route) => rulesOf(route).some((rule) => rule.backendRefs));
    for (const route of serving) {
      expect(parentRefsOf(route).map((parent) => parent.sectionName)).toEqual([https[0].name]);
    }
    // Every other listener only redirects to HTTPS.
    for (const listener of listeners.filter((candidate) => candidate !== https[0])) {
      const attached = routes.filter((route) =>
        parentRefsOf(route).some((parent) => parent.sectionName === listener.name),
      );
      expect(attached.length).toBeGreaterThan(0);
      for (const route of attached) {
        for (const rule of rulesOf(route)) {
          expect(rule.backendRefs).toBeUndefined();
          expect(rule.filters?.map((filter) => filter.requestRedirect?.scheme)).toEqual(['https']);
        }
      }
    }
  });
});

describe('the base', () => {
  const base = () => render('k8s/base');

  it('defaults to a Gateway of the documented class, routing as the Ingress component does', () => {
    const objects = base();
    const gateways = ofKind(objects, 'Gateway');
    expect(gateways.map((gateway) => gateway.spec?.gatewayClassName)).toEqual(['nginx']);
    expect(readRepoFile('docs/deployment.md')).toContain('`gatewayClassName: nginx`');
    expect(ofKind(objects, 'Ingress')).toEqual([]);
    expect(edgeTable(objects)).toEqual(EDGE_ROUTES);
    expect(edgeBackendProblems(objects)).toEqual([]);
  });

  it('names no web Deployment, Service, label, selector or image', () => {
    const objects = base();
    expect(workloads(objects).length).toBeGreaterThan(5);
    expect(objects.flatMap(webReferences)).toEqual([]);
  });

  it("matches the Gateway's proxies by the label of the Gateway's own name", () => {
    const objects = base();
    const [gateway] = ofKind(objects, 'Gateway');
    const selectors = ofKind(objects, 'NetworkPolicy').flatMap((policy) => [
      JSON.stringify(policy.spec?.podSelector ?? {}),
      ...((policy.spec?.ingress as { from?: { podSelector?: unknown }[] }[] | undefined) ?? [])
        .flatMap((rule) => rule.from ?? [])
        .map((peer) => JSON.stringify(peer.podSelector ?? {})),
    ]);
    const byLabel = selectors.filter((selector) => selector.includes(GATEWAY_NAME_LABEL));
    expect(byLabel).toHaveLength(2);
    for (const selector of byLabel) {
      expect(JSON.parse(selector)).toEqual({
        matchLabels: { [GATEWAY_NAME_LABEL]: gateway.metadata.name },
      });
    }
    expect(readRepoFile('docs/deployment.md')).toContain(GATEWAY_NAME_LABEL);
  });
});

describe('the prod overlay monitoring (k8s/components/monitoring)', () => {
  const exported = exportedMetrics();
  const serviceLabels = PROCESSES.map((proc) => serviceLabelOf(proc.packageDir, proc.role));
  const labelValues = {
    service: (value: string) => serviceLabels.includes(value),
    queue: (value: string) => (Object.values(QUEUES) as string[]).includes(value),
    name: (value: string) => (Object.values(JOBS) as string[]).includes(value),
  };

  type Rule = {
    alert?: string;
    expr: string;
    for?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  const rules = (): Rule[] => {
    const [rule] = ofKind(objectsOf('prod'), 'PrometheusRule');
    return (rule.spec?.groups as { rules: Rule[] }[]).flatMap((group) => group.rules);
  };
  const dashboard = () =>
    JSON.parse(readRepoFile('k8s/components/monitoring/probedge-dashboard.json')) as {
      uid: string;
      title: string;
      panels: { type: string; title: string; targets?: { expr: string }[] }[];
      templating: { list: { name: string; definition?: string }[] };
    };
  /** Grafana's variables replaced by values PromQL can parse. */
  const grafanaQuery = (expr: string) =>
    expr
      .replace(/\$__rate_interval/g, '5m')
      .replace(/\$namespace/g, 'probedge')
      .replace(/\$service/g, '.*');

  it('needs the Gateway API and Prometheus Operator CRDs that docs/deployment.md names, and no others', () => {
    const custom = objectsOf('prod')
      .filter((object) => !isBuiltInApi(object.apiVersion))
      .map((object) => `${object.apiVersion}/${object.kind}`);
    expect([...new Set(custom)].sort()).toEqual([
      'gateway.networking.k8s.io/v1/Gateway',
      'gateway.networking.k8s.io/v1/HTTPRoute',
      'monitoring.coreos.com/v1/PodMonitor',
      'monitoring.coreos.com/v1/PrometheusRule',
    ]);
    const docs = readRepoFile('docs/deployment.md');
    for (const kind of ['Gateway', 'HTTPRoute', 'PodMonitor', 'PrometheusRule']) {
      expect(docs).toContain(`\`${kind}\``);
    }
  });

  it('scrapes exactly the pods that carry the prometheus.io annotations, on their port and path', () => {
    const objects = objectsOf('prod');
    const [monitor] = ofKind(objects, 'PodMonitor');
    const selector = monitor.spec?.selector as LabelSelector;
    const endpoints = monitor.spec?.podMetricsEndpoints as {
      port: string;
      path: string;
      relabelings?: { action: string; sourceLabels: string[]; regex: string }[];
    }[];
    const annotated = workloads(objects)
      .filter(
        (workload) =>
          podTemplate(workload).metadata?.annotations?.['prometheus.io/scrape'] === 'true',
      )
      .map((workload) => workload.metadata.name)
      .sort();
    const selected = workloads(objects)
      .filter((workload) => selectorMatches(selector, podTemplate(workload).metadata?.labels))
      .map((workload) => workload.metadata.name)
      .sort();
    expect(selected).toEqual(annotated);
    expect(selected).toEqual(PROCESSES.map((proc) => proc.name).sort());
    /** An endpoint scrapes a pod whose container has its named port and whose labels it keeps. */
    const scrapes = (endpoint: (typeof endpoints)[number], template: PodTemplate) => {
      if (containerPort(template.spec.containers[0], endpoint.port) === undefined) return false;
      return !(endpoint.relabelings ?? []).some((rule) => {
        const label = /^__meta_kubernetes_pod_label_(.+)$/.exec(rule.sourceLabels[0] ?? '')?.[1];
        if (rule.action !== 'drop' || !label) return false;
        const labels = Object.entries(template.metadata?.labels ?? {}).map(
          ([key, value]) => [key.replace(/[^a-zA-Z0-9_]/g, '_'), String(value)] as const,
        );
        return labels.some(
          ([key, value]) => key === label && new RegExp(`^${rule.regex}$`).test(value),
        );
      });
    };
    for (const name of selected) {
      const template = podTemplate(find(objects, 'Deployment', name) as K8sObject);
      const annotations = template.metadata?.annotations ?? {};
      const matching = endpoints.filter((endpoint) => scrapes(endpoint, template));
      // Exactly one endpoint per pod, on the port and path its annotations advertise.
      expect({ name, endpoints: matching.length }).toEqual({ name, endpoints: 1 });
      expect({
        name,
        port: containerPort(template.spec.containers[0], matching[0]!.port),
        path: matching[0]!.path,
      }).toEqual({
        name,
        port: Number(annotations['prometheus.io/port']),
        path: annotations['prometheus.io/path'],
      });
    }
  });

  it('alerts only on metrics, labels and label values that the code exports', () => {
    expect(rules().length).toBeGreaterThan(10);
    for (const rule of rules()) {
      expect({ [rule.alert ?? '?']: promqlProblems(rule.expr, exported, labelValues) }).toEqual({
        [rule.alert ?? '?']: [],
      });
    }
  });

  it('names in `route` matchers only patterns of the route table', () => {
    const paths = ROUTES.map((route) => route.path);
    const matchers = rules().flatMap((rule) =>
      parsePromQL(rule.expr).selectors.flatMap((selector) =>
        selector.matchers.filter((matcher) => matcher.label === 'route'),
      ),
    );
    expect(matchers.length).toBeGreaterThan(0);
    for (const matcher of matchers) {
      const pattern = new RegExp(`^(?:${matcher.value})$`);
      expect({ [matcher.value]: paths.filter((path) => pattern.test(path)).length > 0 }).toEqual({
        [matcher.value]: true,
      });
    }
  });

  it('has every alert that docs/operations.md describes, and no other', () => {
    const operations = readRepoFile('docs/operations.md');
    const documented = new Set(operations.match(/ProbEdge[A-Z][A-Za-z0-9]+/g) ?? []);
    const defined = new Set(rules().map((rule) => rule.alert));
    expect([...defined].sort()).toEqual([...documented].sort());
    // Every metric the Metrics table marks as worth an alert has one, and so has the briefing's.
    const lines = operations.split('\n');
    const header = lines.findIndex((line) => line.includes('| worth an alert when'));
    const table = lines.slice(header + 2);
    const worthAlerting = table
      .slice(
        0,
        table.findIndex((line) => !line.startsWith('|')),
      )
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => cells[3] !== '—')
      .flatMap((cells) => [...cells[1].matchAll(/`([a-z_]+)/g)].map((match) => match[1]));
    expect(worthAlerting.length).toBeGreaterThan(5);
    const alerted = new Set(
      rules().flatMap((rule) =>
        parsePromQL(rule.expr).selectors.map(
          (selector) => selector.metric?.replace(/_(bucket|count|sum)$/, '') ?? '',
        ),
      ),
    );
    for (const metric of [...worthAlerting, 'newsletter_briefing_messages_total']) {
      expect({ [metric]: alerted.has(metric) }).toEqual({ [metric]: true });
    }
  });

  it('says how serious each alert is and what it means', () => {
    for (const rule of rules()) {
      expect({
        alert: rule.alert,
        severity: ['critical', 'warning', 'info'].includes(rule.labels?.severity ?? ''),
        summary: Boolean(rule.annotations?.summary),
        description: Boolean(rule.annotations?.description),
      }).toEqual({ alert: rule.alert, severity: true, summary: true, description: true });
    }
  });

  it("warns at 90 % of each process's memory limit in the prod overlay", () => {
    const objects = objectsOf('prod');
    const memory = rules().filter((rule) => rule.alert === 'ProbEdgeMemoryNearLimit');
    expect(memory.map((rule) => rule.labels?.deployment).sort()).toEqual(
      PROCESSES.map((proc) => proc.name).sort(),
    );
    for (const proc of PROCESSES) {
      const rule = memory.find((candidate) => candidate.labels?.deployment === proc.name) as Rule;
      const limit = podTemplate(find(objects, 'Deployment', proc.name) as K8sObject).spec
        .containers[0].resources?.limits?.memory;
      const match = /^process_resident_memory_bytes\{service="([^"]+)"\} > 0\.9 \* (\d+)$/.exec(
        rule.expr.trim(),
      );
      expect({ name: proc.name, service: match?.[1], bytes: Number(match?.[2]) }).toEqual({
        name: proc.name,
        service: serviceLabelOf(proc.packageDir, proc.role),
        bytes: bytes(String(limit)),
      });
    }
  });

  it('ships the Grafana dashboard in a ConfigMap that the sidecar loads, named without a hash', () => {
    const objects = objectsOf('prod');
    const configMap = find(objects, 'ConfigMap', 'probedge-dashboard') as K8sObject;
    expect(configMap.metadata.labels?.grafana_dashboard).toBe('1');
    const files = Object.keys(configMap.data ?? {});
    expect(files).toEqual(['probedge-dashboard.json']);
    expect(JSON.parse((configMap.data ?? {})[files[0]])).toEqual(dashboard());
    expect(dashboard().uid).toBeTruthy();
  });

  it('queries only metrics, labels and values that the code exports, in valid PromQL', () => {
    const queries = [
      ...dashboard().panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
      ...dashboard()
        .templating.list.filter((variable) => variable.definition)
        .map(
          (variable) => /^label_values\((.+), \w+\)$/.exec(variable.definition ?? '')?.[1] ?? '?',
        ),
    ];
    expect(queries.length).toBeGreaterThan(10);
    for (const query of queries) {
      expect({ [query]: promqlProblems(grafanaQuery(query), exported, labelValues) }).toEqual({
        [query]: [],
      });
    }
  });

  it('shows rate, errors and latency per service and route, saturation, queue depth and ingestion freshness', () => {
    const parsed = dashboard().panels.flatMap((panel) =>
      (panel.targets ?? []).map((target) => ({
        expr: target.expr,
        ...parsePromQL(grafanaQuery(target.expr)),
      })),
    );
    const shows = (metric: string, test: (entry: (typeof parsed)[number]) => boolean) =>
      parsed.some(
        (entry) => entry.selectors.some((selector) => selector.metric === metric) && test(entry),
      );
    const by = (label: string) => (entry: (typeof parsed)[number]) =>
      entry.groupingLabels.includes(label);
    for (const label of ['service', 'route']) {
      expect({ label, rate: shows('http_request_duration_seconds_count', by(label)) }).toEqual({
        label,
        rate: true,
      });
      expect({
        label,
        errors: shows(
          'http_request_duration_seconds_count',
          (entry) =>
            by(label)(entry) &&
            entry.selectors.some((selector) =>
              selector.matchers.some(
                (matcher) => matcher.label === 'status' && /5/.test(matcher.value),
              ),
            ),
        ),
      }).toEqual({ label, errors: true });
      expect({
        label,
        latency: shows(
          'http_request_duration_seconds_bucket',
          (entry) => by(label)(entry) && entry.expr.includes('histogram_quantile'),
        ),
      }).toEqual({ label, latency: true });
    }
    expect(shows('process_resident_memory_bytes', () => true)).toBe(true);
    expect(shows('bullmq_queue_jobs', by('queue'))).toBe(true);
    expect(
      shows('news_ingested_articles_total', (entry) => entry.expr.startsWith('time() -')),
    ).toBe(true);
  });
});

describe('the PromQL check', () => {
  const exported = exportedMetrics();

  it('knows the metrics of the kit, the services, the gateway and prom-client', () => {
    for (const name of [
      'http_request_duration_seconds',
      'bullmq_queue_jobs',
      'newsletter_briefing_messages_total',
      'news_source_fetches_total',
      'billing_webhook_events_total',
      'gateway_cache_lookups_total',
      'process_resident_memory_bytes',
    ]) {
      expect(exported.has(name)).toBe(true);
    }
    expect(exported.get('http_request_duration_seconds')?.type).toBe('histogram');
    expect(exported.get('bullmq_jobs_total')?.labels.sort()).toEqual([
      'name',
      'outcome',
      'queue',
      'service',
    ]);
  });

  it('reports an invented metric, a suffix of a counter, a syntax error and an unknown label', () => {
    expect(promqlProblems('rate(http_requests_total[5m])', exported)).toEqual([
      'http_requests_total: not exported by the code',
    ]);
    expect(promqlProblems('rate(bullmq_jobs_total_count[5m])', exported)).toEqual([
      'bullmq_jobs_total_count: not exported by the code',
    ]);
    expect(promqlProblems('sum(rate(bullmq_jobs_total[5m])', exported)[0]).toMatch(/^syntax error/);
    expect(promqlProblems('bullmq_jobs_total{outcom="failed"}', exported)).toEqual([
      'bullmq_jobs_total{outcom}: not a label of bullmq_jobs_total',
    ]);
    expect(promqlProblems('sum by (servce) (bullmq_queue_jobs)', exported)).toEqual([
      'grouping by servce: no selected metric has it',
    ]);
  });

  it('reports a label value the code never sets', () => {
    expect(promqlProblems('news_source_fetches_total{outcome="vanished"}', exported)).toEqual([
      'news_source_fetches_total{outcome="vanished"}: no such value "vanished"',
    ]);
    expect(
      promqlProblems('bullmq_jobs_total{name=~"daily-analysis|weekly-digest"}', exported, {
        name: (value) => (Object.values(JOBS) as string[]).includes(value),
      }),
    ).toEqual([
      'bullmq_jobs_total{name=~"daily-analysis|weekly-digest"}: no such value "weekly-digest"',
    ]);
  });
});

describe('the schema check', () => {
  const deployment = (): K8sObject => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'x' },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      template: {
        metadata: { labels: { app: 'x' } },
        spec: {
          containers: [{ name: 'x', image: 'x', resources: { limits: { memory: '128Mi' } } }],
        },
      },
    },
  });

  it('accepts a minimal valid Deployment', () => {
    expect(validateObject(deployment())).toEqual([]);
  });

  it('reports a misspelt field, a missing image, a bad quantity and an unknown kind', () => {
    const object = deployment();
    const container = (
      object.spec as { template: { spec: { containers: Record<string, unknown>[] } } }
    ).template.spec.containers[0];
    container.readinesProbe = { httpGet: { path: '/readyz', port: 80 } };
    delete container.image;
    container.resources = { limits: { memory: '128 MB' } };
    expect(validateObject(object)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('readinesProbe: unknown field'),
        expect.stringContaining('image: required'),
        expect.stringContaining('is not a quantity'),
      ]),
    );
    expect(validateObject({ ...deployment(), apiVersion: 'extensions/v1beta1' })).toEqual([
      'Deployment/x: unknown apiVersion/kind extensions/v1beta1/Deployment',
    ]);
  });
});

describe('the network-policy check', () => {
  it('finds every pod reachable when no policy stands in the way', () => {
    const objects = objectsOf('dev').filter((object) => object.kind !== 'NetworkPolicy');
    const api = pod(objects, 'content');
    expect(podsReaching(objects, api, portOf(api, 'http'))).toEqual(
      podsOf(objects)
        .map((candidate) => candidate.name)
        .filter((name) => name !== 'content')
        .sort(),
    );
  });
});

describe('the public-entry and web checks', () => {
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it('report a path of the HTTPRoute or the Ingress that ends anywhere but at the gateway', () => {
    const prod = copy(objectsOf('prod'));
    const route = find(prod, 'HTTPRoute', 'probedge') as K8sObject;
    rulesOf(route).push({
      matches: [{ path: { type: 'PathPrefix', value: '/assets' } }],
      backendRefs: [{ name: RETIRED_WEB.name, port: 8080 }],
    });
    expect(edgeBackendProblems(prod)).toEqual(['Prefix /assets goes to web, not the gateway']);
    rulesOf(route).splice(0, rulesOf(route).length, {
      backendRefs: [{ name: 'gateway', port: 9090 }],
    });
    expect(edgeBackendProblems(prod)).toEqual(['Prefix / goes to gateway:9090, not its http port']);

    const dev = copy(objectsOf('dev-ingress'));
    const ingress = ofKind(dev, 'Ingress')[0];
    type Path = { path: string; backend: { service: { name: string } } };
    const paths = (ingress.spec?.rules as { http: { paths: Path[] } }[])[0].http.paths;
    paths[0].path = '/api';
    expect(edgeBackendProblems(dev)).toEqual([
      'no path Prefix / to the gateway: some pages would reach nothing',
    ]);
    paths[0].path = '/';
    paths[0].backend.service.name = RETIRED_WEB.name;
    expect(edgeBackendProblems(dev)).toEqual(['Prefix / goes to web, not the gateway']);
  });

  it('report a web Deployment, its Service, labels, selectors, image and a URL to it', () => {
    const gateway = copy(find(objectsOf('prod'), 'Deployment', 'gateway') as K8sObject);
    expect(webReferences(gateway)).toEqual([]);
    const web = copy(gateway);
    web.metadata.name = RETIRED_WEB.name;
    const template = podTemplate(web);
    (template.metadata?.labels ?? {})['app.kubernetes.io/name'] = RETIRED_WEB.name;
    template.spec.containers[0].image = `registry.example.com/${RETIRED_WEB.image}:0.1.0`;
    expect(webReferences(web)).toEqual(
      expect.arrayContaining([
        'Deployment/web: named web',
        'Deployment/web/spec/template/metadata/labels/app.kubernetes.io/name: web',
        'Deployment/web/spec/template/spec/containers/0/image: registry.example.com/probedge/web:0.1.0',
      ]),
    );
    const policy = copy(find(objectsOf('prod'), 'NetworkPolicy', 'edge-from-gateway-data-plane'));
    (policy as K8sObject).spec = {
      podSelector: {
        matchExpressions: [
          { key: 'app.kubernetes.io/name', operator: 'In', values: ['gateway', RETIRED_WEB.name] },
        ],
      },
    };
    expect(webReferences(policy as K8sObject)).toEqual([
      'NetworkPolicy/edge-from-gateway-data-plane/spec/podSelector/matchExpressions/0: app.kubernetes.io/name in (gateway, web)',
    ]);
    const ingress = copy(ofKind(objectsOf('dev-ingress'), 'Ingress')[0]);
    type Path = { backend: { service: { name: string } } };
    (ingress.spec?.rules as { http: { paths: Path[] } }[])[0].http.paths[0].backend.service.name =
      RETIRED_WEB.name;
    expect(webReferences(ingress)).toEqual([
      'Ingress/probedge/spec/rules/0/http/paths/0/backend/service: backend web',
    ]);
    const config = copy(ofKind(objectsOf('dev'), 'ConfigMap')[0]);
    config.data = { ...config.data, WEB_URL: 'http://web:8080' };
    expect(webReferences(config)).toEqual([
      `ConfigMap/${config.metadata.name}/data/WEB_URL: http://web:8080`,
    ]);
  });
});

describe('validation against the Kubernetes OpenAPI schema', () => {
  const deployment = () =>
    JSON.parse(JSON.stringify(find(objectsOf('prod'), 'Deployment', 'gateway'))) as K8sObject;
  const containers = (object: K8sObject) =>
    podTemplate(object).spec.containers as unknown as Record<string, unknown>[];

  it('fails a port given as a name where a number is required', () => {
    const object = deployment();
    (containers(object)[0].ports as Record<string, unknown>[])[0].containerPort = 'http';
    expect(openApiProblems(object)).toContain(
      'Deployment/gateway/spec/template/spec/containers/0/ports/0/containerPort: must be integer',
    );
  });

  it('fails a malformed resource quantity and a missing required field', () => {
    const object = deployment();
    (containers(object)[0].resources as { limits: Record<string, string> }).limits.memory =
      '512 MB';
    delete containers(object)[0].name;
    const problems = openApiProblems(object);
    expect(problems).toContain(
      'Deployment/gateway/spec/template/spec/containers/0/resources/limits/memory: must match format "quantity"',
    );
    expect(problems).toContain(
      'Deployment/gateway/spec/template/spec/containers/0: must have required property name',
    );
  });

  it('accepts base64 wrapped over lines in a Secret, but not data that is not base64', () => {
    const secret = (value: string) => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'example' },
      data: { KEY: value },
    });
    expect(openApiProblems(secret('cmVkaXM6Ly9yZWRpczo2Mzc5\n'))).toEqual([]);
    expect(openApiProblems(secret('cG9zdGdyZXNxbDovL3Bvc3Rn\ncmVz'))).toEqual([]);
    expect(openApiProblems(secret('redis://redis:6379'))).toEqual([
      'Secret/example/data/KEY: must match format "byte"',
    ]);
  });

  it('fails a kind its apiVersion does not have', () => {
    expect(openApiProblems({ ...deployment(), apiVersion: 'batch/v1' })).toEqual([
      'Deployment/gateway: unknown kind batch/v1 Deployment',
    ]);
  });

  it('validates Gateway API and Prometheus Operator objects against their CRD schemas', () => {
    const route = JSON.parse(
      JSON.stringify(find(objectsOf('prod'), 'HTTPRoute', 'probedge')),
    ) as K8sObject;
    rulesOf(route)[0].backendRefs = [{ name: 'gateway', port: 'http' as unknown as number }];
    expect(openApiProblems(route)).toContain(
      'HTTPRoute/probedge/spec/rules/0/backendRefs/0/port: must be integer',
    );
    const rule = JSON.parse(
      JSON.stringify(find(objectsOf('prod'), 'PrometheusRule', 'probedge')),
    ) as K8sObject;
    (rule.spec?.groups as { rules: { for?: string }[] }[])[0].rules[0].for = '10 minutes';
    expect(openApiProblems(rule).join('\n')).toContain(
      '/spec/groups/0/rules/0/for: must match pattern',
    );
    expect(validateObject(rule).join('\n')).toContain('does not match');
  });
});
