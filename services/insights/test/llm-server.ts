import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  authorization?: string;
  body: {
    model: string;
    max_tokens: number;
    messages: { role: string; content: string }[];
  };
}

/** What the server does with one request: answer with a status and body, or hold it open. */
export type LlmReply =
  { status: number; body?: unknown; headers?: Record<string, string> } | { hold: true };

/**
 * A local server speaking OpenAI's chat-completions protocol; each request takes the next scripted
 * reply (the last one repeats).
 */
export interface LlmServer {
  baseUrl: string;
  requests: ChatRequest[];
  script(...replies: LlmReply[]): void;
  /** Answers every held request with a completion of `text`. */
  release(text: string): void;
  close(): Promise<void>;
}

export function completion(text: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_763_600_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLlmServer(): Promise<LlmServer> {
  let replies: LlmReply[] = [{ status: 200, body: completion('Text.') }];
  const held: ServerResponse[] = [];
  const requests: ChatRequest[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      const reply = replies.length > 1 ? replies.shift()! : replies[0];
      if ('hold' in reply) {
        held.push(res);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(reply.body ?? { error: { message: `status ${reply.status}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...next) => {
      replies = next;
    },
    release: (text) => {
      for (const res of held.splice(0)) {
        if (!res.destroyed) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(completion(text)));
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held.splice(0)) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
