import { connect, type Socket } from 'node:net';

export interface SlowSenderOptions {
  port: number;
  host?: string;
  /** The loopback address to send from (any of 127.0.0.0/8), so one test plays many clients. */
  localAddress?: string;
  /** A POST to this path, with a JSON body of this announced length. */
  path: string;
  contentLength?: number;
  /** One body byte every this many ms. */
  everyMs?: number;
  /** Connect and start again whenever the server cuts the connection (an attacker would). */
  reconnect?: boolean;
}

export interface SlowSender {
  /** Body bytes sent so far, over every connection. */
  sent: number;
  /** Whether the connection is closed (and, with `reconnect`, stopped). */
  closed: boolean;
  /** What the server answered, as text. */
  answer: string;
  stop(): void;
}

/**
 * A client sending a JSON POST's head and then its body one byte at a time, far slower than any
 * real client: the attack that held a service's connections while the gateway streamed bodies.
 */
export function slowSender({
  port,
  host = '127.0.0.1',
  localAddress,
  path,
  contentLength = 500,
  everyMs = 300,
  reconnect = false,
}: SlowSenderOptions): SlowSender {
  let stopped = false;
  let socket: Socket;
  let drip: NodeJS.Timeout | undefined;
  const sender: SlowSender = {
    sent: 0,
    closed: false,
    answer: '',
    stop: () => {
      stopped = true;
      clearInterval(drip);
      socket.destroy();
    },
  };
  const open = () => {
    socket = connect({ port, host, localAddress });
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n{`,
      );
      drip = setInterval(() => {
        socket.write(' ');
        sender.sent += 1;
      }, everyMs);
    });
    socket.on('data', (chunk: Buffer) => (sender.answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      if (reconnect && !stopped) setTimeout(open, 100);
      else sender.closed = true;
    });
  };
  open();
  return sender;
}
