import { UnrecoverableError } from 'bullmq';
import { asJobError, CodedError, jobFailure } from './coded-error';

const CODES = ['news-unavailable', 'no-articles'] as const;

class NoArticles extends CodedError<'no-articles'> {
  constructor(message: string) {
    super('no-articles', message, { retryable: false });
  }
}

describe('coded errors across a job boundary', () => {
  it('keep their code, message, name and retryability in process', () => {
    const error = new NoArticles('nothing to write about');

    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 'no-articles', retryable: false, name: 'NoArticles' });
    expect(error.message).toBe('nothing to write about');
    expect(new CodedError('news-unavailable', 'down').retryable).toBe(true);
  });

  it('cross as "code: message", unrecoverable only when not retryable', () => {
    const refused = asJobError(new NoArticles('nothing yet')) as Error;
    const down = asJobError(new CodedError('news-unavailable', 'no answer in 2000 ms')) as Error;

    expect(refused).toBeInstanceOf(UnrecoverableError);
    expect(refused.message).toBe('no-articles: nothing yet');
    expect(down).not.toBeInstanceOf(UnrecoverableError);
    expect(down.message).toBe('news-unavailable: no answer in 2000 ms');
  });

  it('leave other errors as they are', () => {
    const plain = new Error('boom');

    expect(asJobError(plain)).toBe(plain);
  });

  it('are read back into their code and message', () => {
    const reason = (asJobError(new CodedError('news-unavailable', 'a: b')) as Error).message;

    expect(jobFailure(reason, CODES)).toEqual({ code: 'news-unavailable', message: 'a: b' });
  });

  it('read no code from a reason that does not start with a known one', () => {
    expect(jobFailure('job stalled more than allowable limit', CODES)).toEqual({
      code: undefined,
      message: 'job stalled more than allowable limit',
    });
    expect(jobFailure('model-refused: no', CODES).code).toBeUndefined();
    expect(jobFailure(undefined, CODES)).toEqual({ code: undefined, message: '' });
  });
});
