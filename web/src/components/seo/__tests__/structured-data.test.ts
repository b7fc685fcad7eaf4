import { productOffer } from '../structured-data';

describe('productOffer', () => {
  it('offers the subscription on the given page until the configured date', () => {
    expect(
      productOffer({ name: 'Day Trading Signals', description: 'Signals.', path: '/daytrader' }),
    ).toEqual({
      '@type': 'Product',
      name: 'Day Trading Signals',
      description: 'Signals.',
      brand: { '@type': 'Brand', name: 'ProbEdge' },
      offers: {
        '@type': 'Offer',
        price: '29.99',
        priceCurrency: 'USD',
        // jest.config.cjs sets the build configuration's PRICE_VALID_UNTIL to this date.
        priceValidUntil: '2030-12-31',
        availability: 'https://schema.org/InStock',
        url: 'http://localhost:8080/daytrader',
      },
    });
  });

  it('offers until the end of the current year once the configured date has passed', () => {
    // Only the clock moves, to a day after jest.config.cjs's PRICE_VALID_UNTIL (2030-12-31).
    jest.useFakeTimers({ now: Date.parse('2031-02-10T09:00:00Z'), doNotFake: ['nextTick'] });
    try {
      const offer = productOffer({ name: 'Plan', description: 'Plan.', path: '/subscribe' });
      expect(offer.offers).toEqual(expect.objectContaining({ priceValidUntil: '2031-12-31' }));
    } finally {
      jest.useRealTimers();
    }
  });
});
