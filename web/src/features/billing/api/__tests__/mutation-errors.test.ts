import { fakeResponse } from '../../../../test/render-route';
import { HttpError } from '../../../../lib/api-client';
import { activateSubscription, activationKey } from '../activate-subscription';
import { checkoutSessionKey, createCheckoutSession } from '../create-checkout-session';
import { createPortalSession, portalSessionKey } from '../create-portal-session';

/** Spec section 8's general rule: a non-OK answer raises `status: body`, or `status: status text`. */
describe('billing mutations on a non-OK answer', () => {
  const answer = (status: number, body: string) => {
    global.fetch = jest.fn(async () => fakeResponse({ status, body })) as typeof fetch;
  };

  it('checkout raises the status and the body', async () => {
    answer(503, 'Payments are unavailable right now');
    const failure = createCheckoutSession(checkoutSessionKey, {
      arg: { tier: 'professional', idempotencyKey: 'k-1' },
    });
    await expect(failure).rejects.toThrow(new Error('503: Payments are unavailable right now'));
    await expect(failure).rejects.toBeInstanceOf(HttpError);
  });

  it('activation raises the status and the body', async () => {
    answer(400, '{"message":"sessionId is required"}');
    await expect(activateSubscription(activationKey, { arg: 'cs_test_1' })).rejects.toThrow(
      '400: {"message":"sessionId is required"}',
    );
  });

  it('the billing portal raises the status and, with no body, the status text', async () => {
    answer(500, '');
    await expect(createPortalSession(portalSessionKey)).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});
