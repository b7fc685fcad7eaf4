import { connect } from 'node:net';
import { createTransport } from 'nodemailer';
import { SmtpInbox } from './smtp-inbox';

describe('SmtpInbox', () => {
  it('carries on when a sender resets its connection mid-session, as a killed process does', async () => {
    const inbox = await new SmtpInbox().start();
    try {
      const port = Number(new URL(inbox.url).port);
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      const ask = async (line: string) => {
        socket.write(`${line}\r\n`);
        await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      };
      await ask('EHLO killed.example');
      // Inside a transaction, where smtp-server reports a reset instead of ignoring it.
      await ask('MAIL FROM:<sender@example.com>');
      socket.resetAndDestroy();
      await new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 5000;
        const check = () => {
          if (inbox.connectionErrors.length > 0) resolve();
          else if (Date.now() > deadline) reject(new Error('the reset was never seen'));
          else setTimeout(check, 20);
        };
        check();
      });
      expect(inbox.connectionErrors[0]).toMatch(/ECONNRESET/);

      await createTransport({ host: '127.0.0.1', port, secure: false }).sendMail({
        from: 'a@example.com',
        to: 'after@example.com',
        subject: 'Still here',
        text: 'The inbox kept going.',
      });
      expect((await inbox.waitForTo('after@example.com'))[0]?.subject).toBe('Still here');
    } finally {
      await inbox.stop();
    }
  });
});
