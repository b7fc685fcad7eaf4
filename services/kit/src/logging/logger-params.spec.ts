import { PinoLogger } from 'nestjs-pino';
import { createRootLogger, loggerParams } from './logger';

describe('loggerParams', () => {
  it("logs outside a request with the root's serializers: a request summarised, its secrets hidden", () => {
    const lines: unknown[] = [];
    const sink = { write: (line: string) => lines.push(JSON.parse(line)) };
    // Nest's logger outside a request (at start, on shutdown, in jobs) logs through this one.
    const logger = new PinoLogger(loggerParams(createRootLogger('test', 'info', sink)));
    const req = {
      id: 'abc',
      method: 'GET',
      url: '/a?token=secret',
      headers: { cookie: 'session=1', authorization: 'Bearer x' },
    };
    logger.info({ req }, 'outside');
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'outside',
        req: { id: 'abc', method: 'GET', url: '/a?token=[redacted]' },
      }),
    ]);
  });
});
