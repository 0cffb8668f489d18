// A hostile server that echoes what it is sent, in every encoding a server may use: in error
// details of writes and refused logins, and as ids it answers. No secret (refresh token,
// password, access token, secret variable) in any encoding reaches stdout, stderr or the -v
// trace. And -v never marks inside a path: the mark would itself tell the secret.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ID } from '../../src/emulator/auth.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { sendJson, startHostileServer } from '../helpers/hostile-server.js';
import { type Echo, ENCODINGS, revealsSecret } from '../helpers/secret-encodings.js';

describe('a server that echoes what it was sent, in every encoding', () => {
  const tag = randomBytes(6).toString('hex');
  // Strong secrets (guessable ones are never scrubbed by value: docs/decisions.md) with the
  // characters each encoding writes differently.
  const secrets = {
    refresh: `canary-rt+/=${tag}`,
    password: `Canary"pw'<&>é😀 +/\\=${tag}`,
    variable: `canary var"\\ ~${tag}`,
  };
  const sources = ['the secret field', 'the authorization header', 'the whole body'] as const;
  const cases = sources.flatMap((source) => Object.keys(ENCODINGS).map((encoding) => ({ source, encoding })));
  let e2e: E2e;
  const open: Array<{ close: () => Promise<void> }> = [];
  const outputs: Array<{ run: string; text: string }> = [];
  beforeEach(async () => {
    e2e = await startE2e();
    e2e.emulator.store.update('users', ADMIN_ID, { refreshToken: secrets.refresh });
  });
  afterEach(async () => {
    for (const item of open.splice(0).reverse()) await item.close();
    await e2e.close();
  });

  const USER = (i: number) => `apiVersion: dpac/v1
kind: User
metadata:
  name: u${i}@example.com
spec:
  profile:
    name: U${i}
  roles: [analyst]
  password: \${env.USER_PASSWORD}
`;

  function echo(encoding: string, source: string): unknown {
    const encode = ENCODINGS[encoding] as (text: string) => Echo;
    return { message: 'Invalid request', iw_code: 'IW10006', details: encode(source) };
  }

  function expectNoSecretIn(texts: typeof outputs, more: readonly string[] = []): void {
    for (const { run, text } of texts) {
      expect(text, run).toContain('(sensitive)');
      for (const secret of [...Object.values(secrets), ...more]) {
        expect(revealsSecret(text, secret), `${secret} in the output of ${run}:\n${text}`).toBe(false);
      }
    }
  }

  it('keeps the secret variable and the access token out of apply output and -v', async () => {
    const users = cases.map((_, i) => USER(i));
    const folder = path.dirname(await e2e.write('users/users.yaml', users.join('---\n')));
    let next = 0;
    const server = await startHostileServer({
      upstream: e2e.emulator.url,
      script: (req, { res }) => {
        if (req.method !== 'POST' || req.path !== '/v3/admin/users') return false;
        const { source, encoding } = cases[next++ % cases.length] as (typeof cases)[number];
        const text =
          source === 'the secret field'
            ? String((JSON.parse(req.body) as { password: unknown }).password)
            : source === 'the authorization header'
              ? String(req.headers.authorization)
              : req.body;
        sendJson(res, 400, echo(encoding, text));
        return true;
      },
    });
    open.push(server);

    const apply = await e2e.dpac(['apply', folder, '--auto-approve', '-v'], {
      env: { DPAC_URL: server.url, DPAC_REFRESH_TOKEN: secrets.refresh, USER_PASSWORD: secrets.variable },
    });
    expect(apply.code, apply.stdout + apply.stderr).toBe(1);
    expect(next).toBe(cases.length);
    const tokens = server.seen
      .map((r) => /^Bearer (.+)$/.exec(String(r.headers.authorization))?.[1])
      .filter((t): t is string => t !== undefined);
    expect(tokens.length).toBeGreaterThan(0);
    expect(apply.stderr).toContain('POST /v3/admin/users 400');
    // Each failed user is reported with the server's (scrubbed) details.
    expect(apply.stdout.split('(sensitive)').length).toBeGreaterThan(cases.length);
    expectNoSecretIn([{ run: 'apply -v', text: `${apply.stdout}\n${apply.stderr}` }], tokens);
  }, 60_000);

  it('keeps a secret a server answers as an id out of the error that quotes it', async () => {
    const folder = path.dirname(await e2e.write('one/user.yaml', USER(0)));
    const env = { DPAC_REFRESH_TOKEN: secrets.refresh, USER_PASSWORD: secrets.variable };
    const runs: typeof outputs = [];
    for (const [what, tamper] of [
      [
        'a listed id',
        (req: { method: string; path: string }) => req.method === 'GET' && req.path === '/v3/admin/users',
      ],
      [
        'a created id',
        (req: { method: string; path: string }) => req.method === 'POST' && req.path === '/v3/admin/users',
      ],
    ] as const) {
      const server = await startHostileServer({
        upstream: e2e.emulator.url,
        script: async (req, { res, forward }) => {
          if (!tamper(req)) return false;
          const answer = (await forward()).json as { result: unknown };
          const result = Array.isArray(answer.result)
            ? answer.result.map((item) => ({ ...(item as object), id: secrets.refresh }))
            : { id: `${secrets.variable}-${secrets.refresh}` };
          sendJson(res, 200, { ...answer, result });
          return true;
        },
      });
      open.push(server);
      const run = await e2e.dpac(['apply', folder, '--auto-approve'], {
        env: { ...env, DPAC_URL: server.url },
      });
      expect(run.code, what).toBe(1);
      expect(`${run.stdout}${run.stderr}`).toContain('which is not a platform id');
      runs.push({ run: `apply, answered ${what}`, text: `${run.stdout}\n${run.stderr}` });
    }
    expectNoSecretIn(runs);
  });

  it('keeps the refresh token and the password out of a refused login', async () => {
    const domain = 'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: sales\nspec: {}\n';
    const folder = path.dirname(await e2e.write('d/domain.yaml', domain));
    const runs: typeof outputs = [];
    for (const encoding of Object.keys(ENCODINGS)) {
      const server = await startHostileServer({
        scriptSecurity: true,
        script: (req, { res }) => {
          const header = String(req.headers.authorization);
          const basic = header.replace(/^Basic /, '');
          sendJson(res, 401, echo(encoding, `${header} ${Buffer.from(basic, 'base64').toString('utf8')}`));
          return true;
        },
      });
      open.push(server);
      const logins = {
        'refresh token': { DPAC_REFRESH_TOKEN: secrets.refresh },
        password: {
          DPAC_REFRESH_TOKEN: undefined,
          DPAC_USERNAME: 'admin@dpac.local',
          DPAC_PASSWORD: secrets.password,
        },
      };
      for (const [login, env] of Object.entries(logins)) {
        const plan = await e2e.dpac(['plan', folder, '-v'], { env: { ...env, DPAC_URL: server.url } });
        expect(plan.code).toBe(1);
        expect(plan.stderr).toMatch(/Could not (log in|get an access token)/);
        runs.push({
          run: `plan with a ${login}, echoed ${encoding}`,
          text: `${plan.stdout}\n${plan.stderr}`,
        });
      }
    }
    expect(runs).toHaveLength(2 * Object.keys(ENCODINGS).length);
    expectNoSecretIn(runs);
  }, 60_000);
});

describe('the -v trace', () => {
  it('prints /v3/admin/domains whole when the password is admin: a mark there would tell it', async () => {
    const e2e = await startE2e();
    try {
      await e2e.write(
        'd/domain.yaml',
        'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: sales\nspec: {}\n',
      );
      const env = {
        DPAC_REFRESH_TOKEN: undefined,
        DPAC_USERNAME: 'admin@dpac.local',
        DPAC_PASSWORD: 'admin',
      };
      const plan = await e2e.dpac(['plan', 'd', '-v'], { env });
      expect(plan.code, plan.stderr).toBe(0);
      expect(plan.stderr).toMatch(/^GET \/v3\/admin\/domains\?limit=500 200 /m);
      expect(plan.stderr).not.toContain('(sensitive)');
    } finally {
      await e2e.close();
    }
  });
});
