import { useSyncExternalStore } from 'react';
import { TOAST } from './constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: readonly ToastEntry[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function cancelRemoval(id: string): void {
  clearTimeout(removalTimers.get(id));
  removalTimers.delete(id);
}

// A dismissed toast stays in memory (closed) until the spec's removal delay, so its exit can finish.
function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      removeToast(id);
    }, TOAST.removeDelayMs),
  );
}

export function addToast(input: ToastInput): string {
  nextId += 1;
  const id = String(nextId);
  const next = [{ ...input, id, open: true }, ...toasts];
  for (const dropped of next.slice(TOAST.limit)) cancelRemoval(dropped.id);
  setToasts(next.slice(0, TOAST.limit));
  return id;
}

export function updateToast(id: string, patch: ToastInput): void {
  setToasts(toasts.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const targets = toasts.filter((entry) => id === undefined || entry.id === id);
  for (const entry of targets) scheduleRemoval(entry.id);
  setToasts(toasts.map((entry) => (targets.includes(entry) ? { ...entry, open: false } : entry)));
}

/** Drops one toast, or every toast when no id is given. */
export function removeToast(id?: string): void {
  const targets = toasts.filter((entry) => id === undefined || entry.id === id);
  for (const entry of targets) cancelRemoval(entry.id);
  setToasts(toasts.filter((entry) => !targets.includes(entry)));
}

export function toast(input: ToastInput) {
  const id = addToast(input);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastInput) => updateToast(id, patch),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): readonly ToastEntry[] {
  return toasts;
}

export function useToasts(): readonly ToastEntry[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
