/** Start of the time slot holding `now`: slots are aligned to the epoch, so every replica agrees. */
export function slotStart(now: Date, slotSeconds: number): Date {
  const length = slotSeconds * 1000;
  return new Date(Math.floor(now.getTime() / length) * length);
}

/** BullMQ keeps one job per id, so two replicas enqueuing the same slot produce one job. */
export function slotJobId(slot: Date): string {
  // BullMQ reserves ':' in custom ids.
  return `ingest-slot-${slot.toISOString().replace(/[:.]/g, '-')}`;
}
