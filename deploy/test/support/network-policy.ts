import {
  type K8sObject,
  type LabelSelector,
  type Labels,
  ofKind,
  podTemplate,
  selectorMatches,
  workloads,
} from './kubernetes';

/** A pod of the rendered namespace, with the ports its containers declare. */
export interface Pod {
  name: string;
  labels: Labels;
  ports: { name?: string; containerPort: number }[];
}

/** Someone outside the namespace: a pod of another namespace, or an address outside the cluster. */
export interface Outsider {
  namespaceLabels?: Labels;
  podLabels?: Labels;
}

export type Party = { pod: Pod } | { outsider: Outsider };

interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string };
}

interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port?: string | number; protocol?: string }[];
}

interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: Rule[];
  egress?: Rule[];
}

export function podsOf(objects: K8sObject[]): Pod[] {
  return workloads(objects).map((workload) => {
    const template = podTemplate(workload);
    return {
      name: workload.metadata.name,
      labels: template.metadata?.labels ?? {},
      ports: template.spec.containers.flatMap((container) => container.ports ?? []),
    };
  });
}

function policies(objects: K8sObject[]): PolicySpec[] {
  return ofKind(objects, 'NetworkPolicy').map((policy) => policy.spec as unknown as PolicySpec);
}

function types(policy: PolicySpec): string[] {
  return policy.policyTypes ?? (policy.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

function peerMatches(peer: Peer, party: Party): boolean {
  if ('pod' in party) {
    // A bare podSelector means pods of the policy's own namespace.
    return (
      !peer.namespaceSelector &&
      !peer.ipBlock &&
      selectorMatches(peer.podSelector, party.pod.labels)
    );
  }
  if (peer.ipBlock) return party.outsider.namespaceLabels === undefined;
  if (!peer.namespaceSelector || party.outsider.namespaceLabels === undefined) return false;
  return (
    selectorMatches(peer.namespaceSelector, party.outsider.namespaceLabels) &&
    (!peer.podSelector || selectorMatches(peer.podSelector, party.outsider.podLabels ?? {}))
  );
}

function portMatches(rule: Rule, port: number, protocol: string, target: Party): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  return rule.ports.some((allowed) => {
    if ((allowed.protocol ?? 'TCP') !== protocol) return false;
    if (allowed.port === undefined) return true;
    if (typeof allowed.port === 'number') return allowed.port === port;
    // A named port is the destination pod's; an address outside has no port names.
    return (
      'pod' in target &&
      target.pod.ports.some((p) => p.name === allowed.port && p.containerPort === port)
    );
  });
}

function ruleAllows(
  rule: Rule,
  peers: Peer[] | undefined,
  other: Party,
  port: number,
  protocol: string,
  target: Party,
) {
  const peerOk = !peers || peers.length === 0 || peers.some((peer) => peerMatches(peer, other));
  return peerOk && portMatches(rule, port, protocol, target);
}

/** Would the cluster let `from` open a connection to `to` on this port (both directions' policies)? */
export function connectionAllowed(
  objects: K8sObject[],
  from: Party,
  to: Party,
  port: number,
  protocol = 'TCP',
): boolean {
  const all = policies(objects);
  if ('pod' in to) {
    const selecting = all.filter(
      (policy) =>
        types(policy).includes('Ingress') && selectorMatches(policy.podSelector, to.pod.labels),
    );
    const admitted =
      selecting.length === 0 ||
      selecting.some((policy) =>
        (policy.ingress ?? []).some((rule) =>
          ruleAllows(rule, rule.from, from, port, protocol, to),
        ),
      );
    if (!admitted) return false;
  }
  if ('pod' in from) {
    const selecting = all.filter(
      (policy) =>
        types(policy).includes('Egress') && selectorMatches(policy.podSelector, from.pod.labels),
    );
    const released =
      selecting.length === 0 ||
      selecting.some((policy) =>
        (policy.egress ?? []).some((rule) => ruleAllows(rule, rule.to, to, port, protocol, to)),
      );
    if (!released) return false;
  }
  return true;
}

/** Names of the namespace's pods that may connect to `target` on `port`. */
export function podsReaching(objects: K8sObject[], target: Pod, port: number): string[] {
  return podsOf(objects)
    .filter((pod) => pod.name !== target.name)
    .filter((pod) => connectionAllowed(objects, { pod }, { pod: target }, port))
    .map((pod) => pod.name)
    .sort();
}
