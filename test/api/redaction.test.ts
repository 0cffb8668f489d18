// Secrets never appear in errors or log lines, even when the server echoes them back.

import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, createClient, REDACTED, redact, redactText } from '../../src/api/index.js';
import { isScrubbable } from '../../src/api/secret-forms.js';
import { ENCODINGS, revealsSecret } from '../helpers/secret-encodings.js';
import { apiError, json, type ScriptedServer, startScriptedServer } from './helpers/scripted-server.js';

const PASSWORD = 'CANARY-pw-5b1e7f';
const REFRESH = 'CANARY-rt-9c7d2a+/=';
const BODY_SECRET = 'CANARY-body-41aa';
const CUSTOM_SECRET = 'CANARY-custom-77ee';

const open: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** Every string an error exposes: message, fields, cause chain. */
function textsOf(error: unknown): string[] {
  const out: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    out.push(String(e), JSON.stringify(e), JSON.stringify({ ...(e as object) }));
  }
  return out;
}

function expectClean(texts: string[], server: ScriptedServer): void {
  const secrets = [
    PASSWORD,
    REFRESH,
    BODY_SECRET,
    CUSTOM_SECRET,
    encodeURIComponent(REFRESH),
    ...server.tokens,
  ];
  for (const text of texts) {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }
}

/** Echoes whatever it was sent — credentials, headers, body — in error details. */
async function echoingServer(): Promise<ScriptedServer> {
  const server = await startScriptedServer(
    (req, res) => {
      const echo = `you sent ${req.authorization} ${decodeURIComponent(req.url)} ${req.body}`;
      if (req.method === 'POST') return apiError(res, 500, 'IW10002', echo);
      if (req.method === 'PUT')
        return json(res, 400, { iw_code: 'IW10006', details: { echo, body: JSON.parse(req.body) } });
      return apiError(res, 400, 'IW10006', echo);
    },
    {
      securityScript: (req, res) => {
        if (req.url.includes('authenticate')) {
          const basic = req.authorization.replace('Basic ', '');
          return apiError(
            res,
            406,
            'IW10031',
            `bad ${req.authorization} = ${Buffer.from(basic, 'base64').toString()}`,
          );
        }
        return json(res, 200, {
          result: { authentication_token: `eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjk5OTk5OTk5OTl9.${'x'.repeat(20)}` },
        });
      },
    },
  );
  open.push(server);
  return server;
}

async function attempt(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e,
  );
}

describe('redaction in the client', () => {
  it('keeps the refresh token, bearer token and body secrets out of errors and logs', async () => {
    const server = await echoingServer();
    const lines: string[] = [];
    const client: ApiClient = createClient({
      baseUrl: server.url,
      auth: { refreshToken: REFRESH },
      log: (line) => lines.push(line),
      retry: { sleep: async () => {} },
    });
    open.push(client);
    const body = { name: 'db', connection: { password: BODY_SECRET, conn_string: CUSTOM_SECRET } };
    const errors = [
      await attempt(() =>
        client.request({ method: 'PATCH', path: '/sources/1', body, sensitiveKeys: ['conn_string'] }),
      ),
      await attempt(() =>
        client.request({ method: 'POST', path: '/sources', body, sensitiveKeys: ['conn_string'] }),
      ),
      await attempt(() =>
        client.request({ method: 'PUT', path: '/sources/1', body, sensitiveKeys: ['conn_string'] }),
      ),
      await attempt(() => client.listAll('/admin/users', { filter: { refreshToken: REFRESH } })),
    ];
    expect(errors.map((e) => (e as Error).name)).toEqual([
      'ApiError',
      'IndeterminateWriteError',
      'ApiError',
      'ApiError',
    ]);
    expect(String(errors[0])).toContain(REDACTED);
    expect(lines.length).toBeGreaterThan(4);
    expectClean([...errors.flatMap(textsOf), ...lines], server);
  });

  it('keeps the password and its base64 form out of a failed login', async () => {
    const server = await echoingServer();
    const lines: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      auth: { username: 'admin@dpac.local', password: PASSWORD },
      log: (line) => lines.push(line),
    });
    open.push(client);
    const error = await attempt(() => client.get('/domains'));
    expect(String(error)).toContain('Could not log in with DPAC_USERNAME and DPAC_PASSWORD');
    const base64 = Buffer.from(`admin@dpac.local:${PASSWORD}`).toString('base64');
    for (const text of [...textsOf(error), ...lines]) expect(text).not.toContain(base64);
    expectClean([...textsOf(error), ...lines], server);
  });
});

describe('redact()', () => {
  it('replaces sensitive keys at any depth, case-insensitively, without touching the input', () => {
    const input = {
      name: 'x',
      Password: 'p',
      nested: [
        { refresh_token: 'r', client_secret: 's', access_key: 'a', Account_Key: 'k', passphrase: 'f' },
      ],
      connection: { password: { password_type: 'infoworks_managed', password: 'p2' }, user: 'u' },
      scheduler_auth_token: 't',
      secret_id: 'id',
    };
    expect(redact(input)).toEqual({
      name: 'x',
      Password: REDACTED,
      nested: [
        {
          refresh_token: REDACTED,
          client_secret: REDACTED,
          access_key: REDACTED,
          Account_Key: REDACTED,
          passphrase: REDACTED,
        },
      ],
      connection: { password: REDACTED, user: 'u' },
      scheduler_auth_token: REDACTED,
      secret_id: REDACTED,
    });
    expect(input.Password).toBe('p');
  });

  it('redacts extra keys given by the caller', () => {
    expect(redact({ dsn: 'secret', other: 1 }, ['DSN'])).toEqual({ dsn: REDACTED, other: 1 });
  });

  it('scrubs credentials and JWTs from text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    expect(redactText(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`token ${jwt} end`)).toBe(`token ${REDACTED} end`);
    expect(redactText('Basic dXNlcjpwYXNz and more')).toBe(`Basic ${REDACTED} and more`);
    expect(redactText('/x?refresh_token=abc&limit=2')).toBe(`/x?refresh_token=${REDACTED}&limit=2`);
    expect(redactText('pw is hunter2!', ['hunter2!'])).toBe(`pw is ${REDACTED}`);
  });
});

describe('encoded forms of a secret', () => {
  // A refresh token, a password, an access token and a secret variable, with the characters each
  // encoding treats differently: quotes, backslash, space, `+/=`, `&<>'`, non-ASCII and astral.
  const secrets = {
    refresh: 'CANARY-rt+/9c7d2a==',
    password: `pa"ss\\wo rd/+é😀<&'>`,
    access: `eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjk5OTk5OTk5OTl9.${'s1gn'.repeat(8)}`,
    variable: 'canary var ~*-._ 3f2a',
  };
  const all = Object.values(secrets);
  const sources = (secret: string): Record<string, string> => ({
    alone: secret,
    'in a JSON body': JSON.stringify({ name: 'db', connection: { password: secret, port: 1433 } }),
  });
  const cases = Object.entries(secrets).flatMap(([which, secret]) =>
    Object.entries(sources(secret)).flatMap(([where, source]) =>
      Object.entries(ENCODINGS).map(([encoding, encode]) => ({
        which,
        where,
        encoding,
        secret,
        echo: encode(source),
      })),
    ),
  );

  it.each(cases)('scrubs the $which $where, echoed $encoding', ({ secret, echo }) => {
    const text = typeof echo === 'string' ? `the server said: ${echo} (end)` : JSON.stringify(redact(echo));
    expect(revealsSecret(text, secret), 'the detector finds the echo').toBe(true);
    const scrubbed = redactText(text, all);
    expect(scrubbed).toContain(REDACTED);
    for (const s of all) expect(revealsSecret(scrubbed, s), `${s} in ${scrubbed}`).toBe(false);
    expect(scrubbed.endsWith(typeof echo === 'string' ? ' (end)' : '}')).toBe(true);
  });

  it('leaves text without a secret as it was', () => {
    const text = `GET /v3/sources?limit=50 {"name":"orders","id":"66cd0a1b2c3d4e5f60718293"} ${Buffer.from('an ordinary payload of some length').toString('base64')}`;
    expect(redactText(text, all)).toBe(text);
  });

  it('scrubs a body echoed JSON-escaped and base64-encoded in a server error', async () => {
    const secret = secrets.password;
    const server = await startScriptedServer((req, res) =>
      apiError(res, 400, 'IW10006', `bad body ${req.body} (${Buffer.from(req.body).toString('base64')})`),
    );
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    open.push(client);
    const error = await client
      .request({ method: 'PUT', path: '/sources/x', body: { connection: { password: secret } } })
      .catch((e: unknown) => e);
    const text = textsOf(error).join('\n');
    expect(text).toContain('IW10006');
    for (const leak of [
      secret,
      JSON.stringify(secret).slice(1, -1),
      Buffer.from(secret).toString('base64'),
    ]) {
      expect(text).not.toContain(leak);
    }
  });

  it('scrubs a secret the server echoes past the length at which details are cut', async () => {
    const server = await startScriptedServer((req, res) =>
      apiError(res, 400, 'IW10006', `${'x'.repeat(480)}${req.body}`),
    );
    open.push(server);
    const client = createClient({ baseUrl: server.url, auth: { refreshToken: 'rt' } });
    open.push(client);
    const error = await client
      .request({ method: 'PUT', path: '/sources/x', body: { password: 'CANARY-cut-secret-0123456789' } })
      .catch((e: unknown) => e);
    expect(textsOf(error).join('\n')).not.toContain('CANARY-');
  });
});

describe('trace lines and guessable secrets', () => {
  async function tracedClient(auth: Parameters<typeof createClient>[0]['auth'], secrets: string[] = []) {
    const server = await startScriptedServer((_req, res) => json(res, 200, { result: [] }));
    open.push(server);
    const lines: string[] = [];
    const client = createClient({ baseUrl: server.url, auth, secrets, log: (line) => lines.push(line) });
    open.push(client);
    return { client, lines };
  }

  it('never marks inside a path: the password admin does not turn /v3/admin/domains into a mark', async () => {
    const { client, lines } = await tracedClient({ username: 'admin@dpac.local', password: 'admin' });
    await client.get('/admin/domains');
    expect(lines.some((line) => line.startsWith('GET /v3/admin/domains 200 '))).toBe(true);
    expect(lines.join('\n')).not.toContain(REDACTED);
  });

  it('keeps a path whole even when a strong secret equals a segment, and redacts the query', async () => {
    const id = '66cd0a1b2c3d4e5f60718293';
    const { client, lines } = await tracedClient({ refreshToken: 'CANARY-rt-0000' }, [id]);
    await client.get(`/sources/${id}`, { q: id, refresh_token: 'CANARY-rt-0000' });
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^GET /v3/sources/${id}\\?q=\\(sensitive\\)&refresh_token=\\(sensitive\\) 200 `),
      ),
    );
  });

  it('does not mark a guessable secret in server text, where the mark would confirm a guess', () => {
    expect(redactText('Domain admin already exists; admin2 too', ['admin'])).toBe(
      'Domain admin already exists; admin2 too',
    );
    // Still redacted where the text says it is a secret.
    expect(redactText('{"user":"ann","password":"admin"} password=admin', ['admin'])).toBe(
      `{"user":"ann","password":"${REDACTED}"} password=${REDACTED}`,
    );
  });

  it.each([
    ['admin', false],
    ['hunter2', false],
    ['password1', false],
    ['Summer2024', false],
    ['salespw123', false],
    ['CorrectHorse', true],
    ['x7Kq9mPz', true],
    ['hunter2!', true],
    ['CANARY-pw-5b1e7f', true],
  ])('scrubs %s by value: %s', (secret, scrubbed) => {
    expect(isScrubbable(secret)).toBe(scrubbed);
    expect(redactText(`it said ${secret}.`, [secret]) === `it said ${REDACTED}.`).toBe(scrubbed);
  });
});
