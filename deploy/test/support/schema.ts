import type { K8sObject } from './kubernetes';

/**
 * The part of the Kubernetes API schema (v1.29+), the Gateway API (v1) and the Prometheus Operator's
 * CRDs (monitoring.coreos.com/v1) that ProbEdge's manifests use, checked the way
 * `kubectl apply --validate=strict` does: known kinds, required fields, value types, and no unknown
 * field (a misspelt `readinesProbe` is an error, not silently ignored). Fields outside this subset
 * are reported as unknown, so using a new one means describing it here first.
 */
type Schema =
  | { type: 'string'; enum?: string[]; pattern?: RegExp }
  | { type: 'integer'; min?: number; max?: number }
  | { type: 'boolean' }
  | { type: 'intOrString' }
  | { type: 'quantity' }
  | { type: 'map'; values: Schema }
  | { type: 'array'; items: Schema; minItems?: number }
  | { type: 'object'; fields: Record<string, Schema>; required?: string[]; oneOf?: string[] };

const str = (extra: { enum?: string[]; pattern?: RegExp } = {}): Schema => ({
  type: 'string',
  ...extra,
});
const int = (min?: number, max?: number): Schema => ({ type: 'integer', min, max });
const bool: Schema = { type: 'boolean' };
const intOrString: Schema = { type: 'intOrString' };
const quantity: Schema = { type: 'quantity' };
const map = (values: Schema = str()): Schema => ({ type: 'map', values });
const list = (items: Schema, minItems?: number): Schema => ({ type: 'array', items, minItems });
const obj = (
  fields: Record<string, Schema>,
  required: string[] = [],
  oneOf?: string[],
): Schema => ({ type: 'object', fields, required, oneOf });

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const HOSTNAME = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
/** Prometheus durations as the Prometheus Operator's CRDs accept them (`30s`, `1h30m`). */
const DURATION = /^(0|([0-9]+y)?([0-9]+w)?([0-9]+d)?([0-9]+h)?([0-9]+m)?([0-9]+s)?([0-9]+ms)?)$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$/;

const metadata = obj(
  {
    name: str({ pattern: DNS_SUBDOMAIN }),
    namespace: str({ pattern: DNS_LABEL }),
    labels: map(),
    annotations: map(),
  },
  ['name'],
);
const templateMetadata = obj({ labels: map(), annotations: map() });

const labelSelector = obj({
  matchLabels: map(),
  matchExpressions: list(
    obj(
      {
        key: str(),
        operator: str({ enum: ['In', 'NotIn', 'Exists', 'DoesNotExist'] }),
        values: list(str()),
      },
      ['key', 'operator'],
    ),
  ),
});

const port = intOrString;
const probe = obj(
  {
    httpGet: obj({ path: str(), port, scheme: str({ enum: ['HTTP', 'HTTPS'] }), host: str() }, [
      'port',
    ]),
    tcpSocket: obj({ port }, ['port']),
    exec: obj({ command: list(str(), 1) }, ['command']),
    initialDelaySeconds: int(0),
    periodSeconds: int(1),
    timeoutSeconds: int(1),
    failureThreshold: int(1),
    successThreshold: int(1),
    terminationGracePeriodSeconds: int(1),
  },
  [],
  ['httpGet', 'tcpSocket', 'exec'],
);

const secretKeyRef = obj({ name: str(), key: str(), optional: bool }, ['name', 'key']);
const envVar = obj(
  {
    name: str({ pattern: ENV_NAME }),
    value: str(),
    valueFrom: obj(
      {
        secretKeyRef,
        configMapKeyRef: secretKeyRef,
        fieldRef: obj({ fieldPath: str(), apiVersion: str() }, ['fieldPath']),
      },
      [],
      ['secretKeyRef', 'configMapKeyRef', 'fieldRef'],
    ),
  },
  ['name'],
);

const resources = obj({ requests: map(quantity), limits: map(quantity) });

const containerSecurityContext = obj({
  allowPrivilegeEscalation: bool,
  readOnlyRootFilesystem: bool,
  runAsNonRoot: bool,
  runAsUser: int(0),
  runAsGroup: int(0),
  privileged: bool,
  capabilities: obj({ drop: list(str()), add: list(str()) }),
  seccompProfile: obj({ type: str({ enum: ['RuntimeDefault', 'Localhost', 'Unconfined'] }) }),
});

const container = obj(
  {
    name: str({ pattern: DNS_LABEL }),
    image: str(),
    imagePullPolicy: str({ enum: ['Always', 'IfNotPresent', 'Never'] }),
    command: list(str()),
    args: list(str()),
    workingDir: str(),
    ports: list(
      obj(
        {
          name: str({ pattern: /^[a-z0-9-]{1,15}$/ }),
          containerPort: int(1, 65535),
          protocol: str({ enum: ['TCP', 'UDP', 'SCTP'] }),
        },
        ['containerPort'],
      ),
    ),
    env: list(envVar),
    envFrom: list(
      obj({
        configMapRef: obj({ name: str(), optional: bool }, ['name']),
        secretRef: obj({ name: str(), optional: bool }, ['name']),
        prefix: str(),
      }),
    ),
    livenessProbe: probe,
    readinessProbe: probe,
    startupProbe: probe,
    lifecycle: obj({
      preStop: obj({
        exec: obj({ command: list(str(), 1) }, ['command']),
        sleep: obj({ seconds: int(0) }, ['seconds']),
      }),
    }),
    resources,
    securityContext: containerSecurityContext,
    volumeMounts: list(
      obj({ name: str(), mountPath: str(), readOnly: bool, subPath: str() }, ['name', 'mountPath']),
    ),
  },
  ['name', 'image'],
);

const volume = obj(
  {
    name: str({ pattern: DNS_LABEL }),
    emptyDir: obj({ sizeLimit: quantity, medium: str() }),
    configMap: obj({ name: str(), defaultMode: int(0, 511) }, ['name']),
    secret: obj({ secretName: str(), defaultMode: int(0, 511) }, ['secretName']),
    persistentVolumeClaim: obj({ claimName: str(), readOnly: bool }, ['claimName']),
  },
  ['name'],
  ['emptyDir', 'configMap', 'secret', 'persistentVolumeClaim'],
);

const podSpec = obj(
  {
    containers: list(container, 1),
    initContainers: list(container),
    volumes: list(volume),
    restartPolicy: str({ enum: ['Always', 'OnFailure', 'Never'] }),
    terminationGracePeriodSeconds: int(0),
    automountServiceAccountToken: bool,
    serviceAccountName: str(),
    securityContext: obj({
      runAsNonRoot: bool,
      runAsUser: int(0),
      runAsGroup: int(0),
      fsGroup: int(0),
      seccompProfile: obj({ type: str({ enum: ['RuntimeDefault', 'Localhost', 'Unconfined'] }) }, [
        'type',
      ]),
    }),
    topologySpreadConstraints: list(
      obj(
        {
          maxSkew: int(1),
          topologyKey: str(),
          whenUnsatisfiable: str({ enum: ['DoNotSchedule', 'ScheduleAnyway'] }),
          labelSelector,
        },
        ['maxSkew', 'topologyKey', 'whenUnsatisfiable'],
      ),
    ),
    nodeSelector: map(),
  },
  ['containers'],
);

const podTemplate = obj({ metadata: templateMetadata, spec: podSpec }, ['spec']);

const pvcTemplate = obj(
  {
    metadata: obj({ name: str({ pattern: DNS_LABEL }), labels: map() }, ['name']),
    spec: obj(
      {
        accessModes: list(
          str({ enum: ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'] }),
          1,
        ),
        storageClassName: str(),
        resources: obj({ requests: map(quantity) }, ['requests']),
      },
      ['accessModes', 'resources'],
    ),
  },
  ['metadata', 'spec'],
);

const networkPolicyPeer = obj(
  {
    podSelector: labelSelector,
    namespaceSelector: labelSelector,
    ipBlock: obj({ cidr: str(), except: list(str()) }, ['cidr']),
  },
  [],
);
const networkPolicyPort = obj({
  port: intOrString,
  protocol: str({ enum: ['TCP', 'UDP', 'SCTP'] }),
  endPort: int(1, 65535),
});

const top = (kindFields: Record<string, Schema>, required: string[]): Schema =>
  obj({ apiVersion: str(), kind: str(), metadata, ...kindFields }, [
    'apiVersion',
    'kind',
    'metadata',
    ...required,
  ]);

const serviceBackend = obj(
  { name: str(), port: obj({ name: str(), number: int(1, 65535) }, [], ['name', 'number']) },
  ['name', 'port'],
);

/** Gateway API (gateway.networking.k8s.io/v1): the fields of Gateway and HTTPRoute in use. */
const parentRef = obj(
  {
    group: str(),
    kind: str(),
    namespace: str({ pattern: DNS_LABEL }),
    name: str({ pattern: DNS_SUBDOMAIN }),
    sectionName: str({ pattern: DNS_LABEL }),
    port: int(1, 65535),
  },
  ['name'],
);
const objectRef = obj(
  { group: str(), kind: str(), name: str({ pattern: DNS_SUBDOMAIN }), namespace: str() },
  ['name'],
);
const listener = obj(
  {
    name: str({ pattern: DNS_LABEL }),
    hostname: str({ pattern: HOSTNAME }),
    port: int(1, 65535),
    protocol: str({ enum: ['HTTP', 'HTTPS', 'TLS', 'TCP', 'UDP'] }),
    tls: obj({
      mode: str({ enum: ['Terminate', 'Passthrough'] }),
      certificateRefs: list(objectRef),
      options: map(),
    }),
    allowedRoutes: obj({
      namespaces: obj({
        from: str({ enum: ['All', 'Same', 'Selector'] }),
        selector: labelSelector,
      }),
      kinds: list(obj({ group: str(), kind: str() }, ['kind'])),
    }),
  },
  ['name', 'port', 'protocol'],
);
const httpRouteMatch = obj({
  path: obj({
    type: str({ enum: ['Exact', 'PathPrefix', 'RegularExpression'] }),
    value: str({ pattern: /^\// }),
  }),
  headers: list(
    obj({ type: str({ enum: ['Exact', 'RegularExpression'] }), name: str(), value: str() }, [
      'name',
      'value',
    ]),
  ),
  method: str({
    enum: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'],
  }),
});
const httpRouteFilter = obj(
  {
    type: str({
      enum: [
        'RequestHeaderModifier',
        'ResponseHeaderModifier',
        'RequestMirror',
        'RequestRedirect',
        'URLRewrite',
        'ExtensionRef',
      ],
    }),
    requestRedirect: obj({
      scheme: str({ enum: ['http', 'https'] }),
      hostname: str({ pattern: HOSTNAME }),
      port: int(1, 65535),
      statusCode: int(301, 308),
    }),
  },
  ['type'],
);
const httpBackendRef = obj(
  {
    group: str(),
    kind: str(),
    name: str({ pattern: DNS_SUBDOMAIN }),
    namespace: str(),
    port: int(1, 65535),
    weight: int(0, 1000000),
  },
  ['name'],
);

/** Prometheus Operator (monitoring.coreos.com/v1): the fields of PrometheusRule and PodMonitor in use. */
const alertingRule = obj(
  {
    alert: str({ pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ }),
    record: str({ pattern: /^[a-zA-Z_:][a-zA-Z0-9_:]*$/ }),
    expr: str(),
    for: str({ pattern: DURATION }),
    keep_firing_for: str({ pattern: DURATION }),
    labels: map(),
    annotations: map(),
  },
  ['expr'],
  ['alert', 'record'],
);
const relabeling = obj({
  action: str({
    enum: [
      'replace',
      'keep',
      'drop',
      'hashmod',
      'labelmap',
      'labeldrop',
      'labelkeep',
      'keepequal',
      'dropequal',
      'lowercase',
      'uppercase',
    ],
  }),
  sourceLabels: list(str({ pattern: /^[a-zA-Z_][a-zA-Z0-9_]*$/ })),
  separator: str(),
  targetLabel: str(),
  regex: str(),
  replacement: str(),
  modulus: int(1),
});

export const SCHEMAS: Record<string, Schema> = {
  'v1/Namespace': top({ spec: obj({ finalizers: list(str()) }) }, []),
  'v1/ConfigMap': top({ data: map(), binaryData: map(), immutable: bool }, []),
  'v1/Secret': top(
    {
      data: map(str({ pattern: /^[A-Za-z0-9+/\s]*={0,2}\s*$/ })),
      stringData: map(),
      type: str(),
      immutable: bool,
    },
    [],
  ),
  'v1/Service': top(
    {
      spec: obj(
        {
          type: str({ enum: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'] }),
          clusterIP: str(),
          selector: map(),
          ports: list(
            obj(
              {
                name: str({ pattern: DNS_LABEL }),
                port: int(1, 65535),
                targetPort: intOrString,
                protocol: str({ enum: ['TCP', 'UDP', 'SCTP'] }),
                appProtocol: str(),
              },
              ['port'],
            ),
            1,
          ),
        },
        ['ports'],
      ),
    },
    ['spec'],
  ),
  'apps/v1/Deployment': top(
    {
      spec: obj(
        {
          replicas: int(0),
          revisionHistoryLimit: int(0),
          minReadySeconds: int(0),
          progressDeadlineSeconds: int(1),
          selector: labelSelector,
          strategy: obj({
            type: str({ enum: ['RollingUpdate', 'Recreate'] }),
            rollingUpdate: obj({ maxSurge: intOrString, maxUnavailable: intOrString }),
          }),
          template: podTemplate,
        },
        ['selector', 'template'],
      ),
    },
    ['spec'],
  ),
  'apps/v1/StatefulSet': top(
    {
      spec: obj(
        {
          replicas: int(0),
          serviceName: str(),
          selector: labelSelector,
          template: podTemplate,
          volumeClaimTemplates: list(pvcTemplate),
          podManagementPolicy: str({ enum: ['OrderedReady', 'Parallel'] }),
        },
        ['selector', 'template', 'serviceName'],
      ),
    },
    ['spec'],
  ),
  'batch/v1/Job': top(
    {
      spec: obj(
        {
          backoffLimit: int(0),
          activeDeadlineSeconds: int(1),
          ttlSecondsAfterFinished: int(0),
          completions: int(0),
          parallelism: int(0),
          template: podTemplate,
        },
        ['template'],
      ),
    },
    ['spec'],
  ),
  'networking.k8s.io/v1/Ingress': top(
    {
      spec: obj({
        ingressClassName: str(),
        tls: list(obj({ hosts: list(str()), secretName: str() })),
        defaultBackend: obj({ service: serviceBackend }),
        rules: list(
          obj({
            host: str({ pattern: DNS_SUBDOMAIN }),
            http: obj(
              {
                paths: list(
                  obj(
                    {
                      path: str({ pattern: /^\// }),
                      pathType: str({ enum: ['Exact', 'Prefix', 'ImplementationSpecific'] }),
                      backend: obj({ service: serviceBackend }, ['service']),
                    },
                    ['pathType', 'backend'],
                  ),
                  1,
                ),
              },
              ['paths'],
            ),
          }),
        ),
      }),
    },
    ['spec'],
  ),
  'gateway.networking.k8s.io/v1/Gateway': top(
    {
      spec: obj(
        {
          gatewayClassName: str({ pattern: DNS_SUBDOMAIN }),
          listeners: list(listener, 1),
          addresses: list(obj({ type: str(), value: str() }, ['value'])),
          infrastructure: obj({ labels: map(), annotations: map() }),
        },
        ['gatewayClassName', 'listeners'],
      ),
    },
    ['spec'],
  ),
  'gateway.networking.k8s.io/v1/HTTPRoute': top(
    {
      spec: obj(
        {
          parentRefs: list(parentRef, 1),
          hostnames: list(str({ pattern: HOSTNAME })),
          rules: list(
            obj({
              matches: list(httpRouteMatch),
              filters: list(httpRouteFilter),
              backendRefs: list(httpBackendRef),
              timeouts: obj({ request: str(), backendRequest: str() }),
            }),
          ),
        },
        ['parentRefs'],
      ),
    },
    ['spec'],
  ),
  'monitoring.coreos.com/v1/PrometheusRule': top(
    {
      spec: obj(
        {
          groups: list(
            obj(
              {
                name: str(),
                interval: str({ pattern: DURATION }),
                rules: list(alertingRule, 1),
              },
              ['name', 'rules'],
            ),
            1,
          ),
        },
        ['groups'],
      ),
    },
    ['spec'],
  ),
  'monitoring.coreos.com/v1/PodMonitor': top(
    {
      spec: obj(
        {
          selector: labelSelector,
          namespaceSelector: obj({ any: bool, matchNames: list(str()) }),
          jobLabel: str(),
          podTargetLabels: list(str()),
          podMetricsEndpoints: list(
            obj(
              {
                port: str({ pattern: /^[a-z0-9-]{1,15}$/ }),
                path: str({ pattern: /^\// }),
                scheme: str({ enum: ['http', 'https'] }),
                interval: str({ pattern: DURATION }),
                scrapeTimeout: str({ pattern: DURATION }),
                honorLabels: bool,
                relabelings: list(relabeling),
                metricRelabelings: list(relabeling),
              },
              ['port'],
            ),
            1,
          ),
        },
        ['selector', 'podMetricsEndpoints'],
      ),
    },
    ['spec'],
  ),
  'networking.k8s.io/v1/NetworkPolicy': top(
    {
      spec: obj(
        {
          podSelector: labelSelector,
          policyTypes: list(str({ enum: ['Ingress', 'Egress'] })),
          ingress: list(obj({ from: list(networkPolicyPeer), ports: list(networkPolicyPort) })),
          egress: list(obj({ to: list(networkPolicyPeer), ports: list(networkPolicyPort) })),
        },
        ['podSelector'],
      ),
    },
    ['spec'],
  ),
  'autoscaling/v2/HorizontalPodAutoscaler': top(
    {
      spec: obj(
        {
          scaleTargetRef: obj({ apiVersion: str(), kind: str(), name: str() }, ['kind', 'name']),
          minReplicas: int(1),
          maxReplicas: int(1),
          metrics: list(
            obj(
              {
                type: str({
                  enum: ['Resource', 'Pods', 'Object', 'External', 'ContainerResource'],
                }),
                resource: obj(
                  {
                    name: str(),
                    target: obj(
                      {
                        type: str({ enum: ['Utilization', 'Value', 'AverageValue'] }),
                        averageUtilization: int(1),
                        averageValue: quantity,
                        value: quantity,
                      },
                      ['type'],
                    ),
                  },
                  ['name', 'target'],
                ),
              },
              ['type'],
            ),
          ),
          behavior: obj({
            scaleUp: obj({ stabilizationWindowSeconds: int(0) }),
            scaleDown: obj({ stabilizationWindowSeconds: int(0) }),
          }),
        },
        ['scaleTargetRef', 'maxReplicas'],
      ),
    },
    ['spec'],
  ),
  'policy/v1/PodDisruptionBudget': top(
    {
      spec: obj(
        { selector: labelSelector, minAvailable: intOrString, maxUnavailable: intOrString },
        ['selector'],
        ['minAvailable', 'maxUnavailable'],
      ),
    },
    ['spec'],
  ),
};

function check(schema: Schema, value: unknown, at: string, problems: string[]): void {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') {
        problems.push(`${at}: expected a string, got ${JSON.stringify(value)}`);
      } else if (schema.enum && !schema.enum.includes(value)) {
        problems.push(`${at}: "${value}" is not one of ${schema.enum.join(', ')}`);
      } else if (schema.pattern && !schema.pattern.test(value)) {
        problems.push(`${at}: "${value}" does not match ${schema.pattern}`);
      }
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        problems.push(`${at}: expected an integer, got ${JSON.stringify(value)}`);
      } else if (
        (schema.min !== undefined && value < schema.min) ||
        (schema.max !== undefined && value > schema.max)
      ) {
        problems.push(`${at}: ${value} is out of range`);
      }
      return;
    case 'boolean':
      if (typeof value !== 'boolean')
        problems.push(`${at}: expected a boolean, got ${JSON.stringify(value)}`);
      return;
    case 'intOrString':
      if (!(typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)))) {
        problems.push(`${at}: expected an integer or a string, got ${JSON.stringify(value)}`);
      }
      return;
    case 'quantity':
      if (!(typeof value === 'number' || (typeof value === 'string' && QUANTITY.test(value)))) {
        problems.push(`${at}: "${String(value)}" is not a quantity`);
      }
      return;
    case 'map':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problems.push(`${at}: expected a map`);
        return;
      }
      for (const [key, entry] of Object.entries(value))
        check(schema.values, entry, `${at}.${key}`, problems);
      return;
    case 'array':
      if (!Array.isArray(value)) {
        problems.push(`${at}: expected a list`);
        return;
      }
      if (schema.minItems !== undefined && value.length < schema.minItems) {
        problems.push(`${at}: needs at least ${schema.minItems} item(s)`);
      }
      value.forEach((item, index) => check(schema.items, item, `${at}[${index}]`, problems));
      return;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        problems.push(`${at}: expected an object`);
        return;
      }
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!(key in schema.fields)) problems.push(`${at}.${key}: unknown field`);
        else check(schema.fields[key], record[key], `${at}.${key}`, problems);
      }
      for (const key of schema.required ?? []) {
        if (record[key] === undefined || record[key] === null)
          problems.push(`${at}.${key}: required`);
      }
      if (schema.oneOf) {
        const present = schema.oneOf.filter((key) => record[key] !== undefined);
        if (present.length !== 1) {
          problems.push(`${at}: exactly one of ${schema.oneOf.join(', ')} is required`);
        }
      }
      return;
    }
  }
}

/** Every problem with one object, as `Kind/name.path: what is wrong`; empty when it is valid. */
export function validateObject(object: K8sObject): string[] {
  const label = `${object.kind}/${object.metadata?.name ?? '?'}`;
  const schema = SCHEMAS[`${object.apiVersion}/${object.kind}`];
  if (!schema) return [`${label}: unknown apiVersion/kind ${object.apiVersion}/${object.kind}`];
  const problems: string[] = [];
  check(schema, object, label, problems);
  return problems;
}
