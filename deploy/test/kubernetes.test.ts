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
  render,
  secretData,
  selectorMatches,
  workloads,
} from './support/kubernetes';
import { connectionAllowed, podsOf, podsReaching, type Pod } from './support/network-policy';
import { openApiProblems } from './support/openapi';
import { validateObject } from './support/schema';

const rendered = new Map<Overlay, K8sObject[]>();

function objectsOf(overlay: Overlay): K8sObject[] {
  if (!rendered.has(overlay)) rendered.set(overlay, render(`k8s/overlays/${overlay}`));
  return rendered.get(overlay) as K8sObject[];
}

const APIS = ['content', 'news-api', 'insights-api', 'billing'];
const WORKERS = ['content-worker', 'news-worker', 'insights-worker'];
const AUTOSCALED = ['gateway', ...APIS];
const INGRESS_CONTROLLER = { namespaceLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } };
const MONITORING = { namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' } };
const ELSEWHERE = { namespaceLabels: { 'kubernetes.io/metadata.name': 'someone-else' } };
const KUBE_DNS = {
  namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
  podLabels: { 'k8s-app': 'kube-dns' },
};
const THE_INTERNET = {};

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

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  beforeAll(() => {
    objectsOf(overlay);
  });

  it('renders with kubectl kustomize into the whole platform', () => {
    const names = workloads(objectsOf(overlay)).map((workload) => workload.metadata.name);
    expect(names).toEqual(
      expect.arrayContaining([...APIS, ...WORKERS, 'gateway', 'web', 'migrate']),
    );
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
    const namespaces = new Set(objects.map((object) => object.metadata.namespace));
    expect([...namespaces]).toEqual([overlay === 'dev' ? 'probedge-dev' : 'probedge']);
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

  it('routes /api, /sitemap.xml and /robots.txt to the gateway and everything else to the web', () => {
    const objects = objectsOf(overlay);
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    type Path = {
      path: string;
      pathType: string;
      backend: { service: { name: string; port: { name?: string; number?: number } } };
    };
    const rules = ingresses[0].spec?.rules as { http: { paths: Path[] } }[];
    const routes = rules.flatMap((rule) => rule.http.paths);
    const table = Object.fromEntries(
      routes.map((route) => [`${route.pathType} ${route.path}`, route.backend.service.name]),
    );
    expect(table).toEqual({
      'Prefix /api': 'gateway',
      'Exact /sitemap.xml': 'gateway',
      'Exact /robots.txt': 'gateway',
      'Prefix /': 'web',
    });
    for (const route of routes) {
      const service = find(objects, 'Service', route.backend.service.name);
      expect(service).toBeDefined();
      const ports = service?.spec?.ports as { name?: string; port: number }[];
      const { name, number } = route.backend.service.port;
      expect(ports.some((port) => port.name === name || port.port === number)).toBe(true);
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
          if (overlay === 'dev' && !ref.optional) {
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

  it('lets only the gateway reach the APIs', () => {
    const objects = objectsOf(overlay);
    for (const name of APIS) {
      const api = pod(objects, name);
      expect({ name, reachedBy: podsReaching(objects, api, portOf(api, 'http')) }).toEqual({
        name,
        reachedBy: ['gateway'],
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
    expect(container.command).toEqual(['node', 'dist/worker.js']);
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

  it('lets the ingress controller reach the gateway and the web, and the web reach the gateway', () => {
    const objects = objectsOf(overlay);
    for (const name of ['gateway', 'web']) {
      const edge = pod(objects, name);
      const port = portOf(edge, 'http');
      expect(
        connectionAllowed(objects, { outsider: INGRESS_CONTROLLER }, { pod: edge }, port),
      ).toBe(true);
      expect(connectionAllowed(objects, { outsider: ELSEWHERE }, { pod: edge }, port)).toBe(false);
    }
    const gateway = pod(objects, 'gateway');
    expect(podsReaching(objects, gateway, portOf(gateway, 'http'))).toEqual(['web']);
  });

  it('keeps the web away from Postgres and Redis, and the gateway away from Postgres', () => {
    const objects = objectsOf(overlay);
    // The gateway keeps its rate-limit counters in Redis, shared by every replica.
    const reach = { web: { 5432: false, 6379: false }, gateway: { 5432: false, 6379: true } };
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
  it('runs Postgres and Redis in the cluster, reachable only by the services', () => {
    const objects = objectsOf('dev');
    const postgres = pod(objects, 'postgres');
    const redis = pod(objects, 'redis');
    const services = [...APIS, ...WORKERS];
    expect(podsReaching(objects, postgres, 5432)).toEqual([...services, 'migrate'].sort());
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
    for (const service of ['content', 'news', 'insights', 'billing']) {
      const url = new URL(data[`${service.toUpperCase()}_DATABASE_URL`]);
      expect(url.password).toBe('');
      expect(url.pathname).toBe(`/probedge_${service}`);
    }
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
    for (const name of [...WORKERS, 'web']) {
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

  it('serves one public host over TLS', () => {
    const ingress = ofKind(objectsOf('prod'), 'Ingress')[0];
    const tls = ingress.spec?.tls as { hosts: string[]; secretName: string }[];
    const rules = ingress.spec?.rules as { host: string }[];
    expect(tls[0].hosts).toEqual(rules.map((rule) => rule.host));
    expect(tls[0].secretName).toBeTruthy();
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
    expect(podsReaching(objects, api, portOf(api, 'http'))).toContain('web');
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
});
