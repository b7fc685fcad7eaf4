import type { GenerationPending } from '@probedge/proto';
import { apiErrorMessage, apiPost, HttpError, type ApiKey } from '../../../lib/api-client';

export type GenerateOutcome<Item> =
  | { kind: 'generated'; item: Item }
  | { kind: 'pending'; message: string }
  | { kind: 'failed'; message: string; error: unknown };

const PENDING_FALLBACK = 'Generation has started. It will appear here in a minute or two.';

const FAILURE_FALLBACK: Record<number, string> = {
  409: 'There are no articles to write from yet today. Please try again later.',
  429: 'Too many requests. Please wait a minute and try again.',
  503: 'Generation is unavailable right now. Please try again later.',
};

function isPending(value: unknown): value is GenerationPending {
  return (
    typeof value === 'object' && value !== null && 'status' in value && value.status === 'pending'
  );
}

/**
 * Posts a generate call and sorts the answer into what the screen does next; it never rejects,
 * a failure is one of the outcomes.
 */
export async function postGenerate<Item>(key: ApiKey): Promise<GenerateOutcome<Item>> {
  try {
    // Spec section 8: a mutation's error is the general rule's `status: body`.
    const body = await apiPost<Item | GenerationPending>(key);
    if (isPending(body)) return { kind: 'pending', message: body.message || PENDING_FALLBACK };
    if (body === null) return { kind: 'pending', message: PENDING_FALLBACK };
    return { kind: 'generated', item: body };
  } catch (error) {
    const status = error instanceof HttpError ? error.status : undefined;
    const message =
      apiErrorMessage(error) ??
      (status !== undefined ? FAILURE_FALLBACK[status] : undefined) ??
      (status !== undefined
        ? 'Generation failed. Please try again later.'
        : 'Could not reach the server. Please check your connection and try again.');
    return { kind: 'failed', message, error };
  }
}
