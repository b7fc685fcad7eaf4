import { BadRequestException, NotFoundException } from '@nestjs/common';
import { toApiError } from './http-error.filter';

describe('toApiError', () => {
  it('joins validation messages into one sentence', () => {
    const error = toApiError(
      new BadRequestException(['limit must be an integer', 'x is not allowed']),
    );
    expect(error).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'limit must be an integer; x is not allowed',
    });
  });

  it('keeps the message of a not-found', () => {
    expect(toApiError(new NotFoundException('No guide with slug "x"'))).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No guide with slug "x"',
    });
  });

  it('reports a body-parser syntax error as a 400 about JSON', () => {
    const parseError = Object.assign(new SyntaxError('Unexpected token'), {
      status: 400,
      type: 'entity.parse.failed',
      expose: true,
    });
    expect(toApiError(parseError)).toMatchObject({
      statusCode: 400,
      message: 'Request body is not valid JSON',
    });
  });

  it('reports an oversized body as 413', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      expose: true,
    });
    expect(toApiError(tooLarge)).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('hides the details of an unexpected error', () => {
    const error = toApiError(new Error('connect ECONNREFUSED 10.0.0.7:5432'));
    expect(error.statusCode).toBe(500);
    expect(error.message).not.toContain('10.0.0.7');
  });
});
