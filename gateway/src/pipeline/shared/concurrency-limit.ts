/**
 * Counts the requests each client has under way; `enter` refuses one beyond the bound. Every
 * admitted request must `leave` exactly once (on its response's close).
 */
export class ConcurrencyLimit {
  private readonly active = new Map<string, number>();

  constructor(private readonly max: number) {}

  enter(client: string): boolean {
    const count = this.active.get(client) ?? 0;
    if (count >= this.max) return false;
    this.active.set(client, count + 1);
    return true;
  }

  leave(client: string): void {
    const count = this.active.get(client) ?? 0;
    if (count <= 1) this.active.delete(client);
    else this.active.set(client, count - 1);
  }

  /** Requests under way for this client. */
  count(client: string): number {
    return this.active.get(client) ?? 0;
  }
}
