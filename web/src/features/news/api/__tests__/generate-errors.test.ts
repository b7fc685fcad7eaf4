import { fakeResponse } from '../../../../test/render-route';
import { generateAnalysis, generateAnalysisKey } from '../generate-analysis';
import { generateOpinion, generateOpinionKey } from '../generate-opinion';

/** Spec section 8's general rule for the generate calls: the error is `status: body`. */
describe('generate calls on a non-OK answer', () => {
  it.each([
    ['analysis', () => generateAnalysis(generateAnalysisKey)],
    ['opinion', () => generateOpinion(generateOpinionKey)],
  ])('the %s call keeps the status and the body on its error', async (_name, generate) => {
    global.fetch = jest.fn(async () =>
      fakeResponse({ status: 502, body: 'Upstream writer failed' }),
    ) as typeof fetch;
    const outcome = await generate();
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && (outcome.error as Error).message).toBe(
      '502: Upstream writer failed',
    );
  });
});
