// A POST answered 503 is retried; when the retry is refused as "already exists", the first attempt
// may have landed, so the client reports an unknown outcome (for read-back) rather than a failure.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ApiError, IndeterminateWriteError } from '../../src/api/errors.js';

function platformAnswering(answers: Array<{ status: number; body: unknown }>): Promise<Server> {
  const server = createServer((req, res) => {
    const reply = req.url?.startsWith('/v3/security/')
      ? { status: 200, body: { result: { authentication_token: 'opaque-token' } } }
      : (answers.shift() ?? { status: 500, body: {} });
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const duplicate = {
  status: 400,
  body: { iw_code: 'IW10003', details: "Domain with name 'd' already exists" },
};
const unavailable = { status: 503, body: { iw_code: 'IW10002', details: 'Service unavailable' } };

describe('a create retried after a 503', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function post(answers: Array<{ status: number; body: unknown }>) {
    server = await platformAnswering(answers);
    const { port } = server.address() as AddressInfo;
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}/v3`,
      auth: { refreshToken: 'r' },
      retry: { sleep: async () => {} },
    });
    try {
      return await client.request({ method: 'POST', path: '/domains', body: { name: 'd' } }).then(
        () => 'created',
        (error: unknown) => error,
      );
    } finally {
      await client.close();
    }
  }

  it('reports an unknown outcome when the retry says the name already exists', async () => {
    expect(await post([unavailable, duplicate])).toBeInstanceOf(IndeterminateWriteError);
  });

  it('still fails plainly on "already exists" without an earlier 503', async () => {
    const error = await post([duplicate]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(IndeterminateWriteError);
  });

  it('still fails plainly after a 429, which the platform sends before doing anything', async () => {
    const throttled = { status: 429, body: { iw_code: 'IW10002' } };
    expect(await post([throttled, duplicate])).not.toBeInstanceOf(IndeterminateWriteError);
  });
});
