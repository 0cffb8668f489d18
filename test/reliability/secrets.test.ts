// Secret canaries: unique values as source and user passwords, cloud keys and the refresh token,
// through every command and output format, verbose traces, a failing apply and drift; none may
// appear in stdout, stderr, the saved plan or any file written. Access tokens (JWTs) neither.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ADMIN_ID } from '../../src/emulator/auth.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { platformApi } from '../helpers/platform-api.js';
import { generatePlatform, writePlatform } from './generate-platform.js';

const canary = (what: string) => `canary-${what}-${randomBytes(8).toString('hex')}`;
const JWT_HEADER = 'eyJhbGciOi';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('secret canaries', () => {
  const secrets = {
    DPAC_REFRESH_TOKEN: canary('refresh'),
    SOURCE_PASSWORD: canary('pw'),
    USER_PASSWORD: canary('user-pw'),
    GEN_DATABRICKS_TOKEN: canary('dbx'),
    GEN_LAKE_KEY: canary('lake'),
  };
  const literal = canary('literal');
  let e2e: E2e;
  let folder: string;
  const outputs: Array<{ command: string; text: string }> = [];

  async function run(args: string[]) {
    const result = await e2e.dpac(args, { env: secrets });
    outputs.push({ command: args.join(' '), text: `${result.stdout}\n${result.stderr}` });
    return result;
  }

  beforeAll(async () => {
    e2e = await startE2e({});
    e2e.emulator.store.update('users', ADMIN_ID, { refreshToken: secrets.DPAC_REFRESH_TOKEN });
    const platform = generatePlatform({ sources: 2, tablesPerSource: 2, domains: 1, users: 2 });
    folder = await writePlatform(e2e.write, platform);
  });
  afterAll(() => e2e.close());

  it('runs every command and format with the canaries in play', async () => {
    expect((await run(['validate', folder])).code).toBe(0);
    for (const format of [[], ['--json'], ['--markdown'], ['--show-calls'], ['-v']]) {
      expect((await run(['plan', folder, ...format])).code).toBe(0);
    }
    expect((await run(['plan', folder, '--out', 'p.json'])).code).toBe(0);
    for (const format of [[], ['--json'], ['--markdown']]) {
      expect((await run(['show', 'p.json', ...format])).code).toBe(0);
    }

    // A failing apply prints its errors: sources cannot be created (throttled on every attempt;
    // a 5xx would not do, since half of those commit and read-back then adopts the source).
    e2e.emulator.setFaults('429=1@POST:/sources*');
    const failed = await run(['apply', folder, '--auto-approve', '-v']);
    e2e.emulator.setFaults('');
    expect(failed.code).toBe(3);
    expect(failed.stdout).toContain('failed');
    expect(failed.stderr).toContain('429');

    const applied = await run(['apply', folder, '--auto-approve', '-v']);
    expect(applied.code).toBe(0);
    expect((await run(['apply', folder, '--auto-approve', '--resend-secrets', '-v'])).code).toBe(0);

    const api = await platformApi(e2e.emulator.url, secrets.DPAC_REFRESH_TOKEN);
    const id = await api.idOf('/admin/domains', 'domain_0');
    await api.send('PATCH', `/domains/${id}`, { description: 'changed by hand' });
    for (const format of ['text', 'json', 'markdown']) {
      expect((await run(['drift', folder, '--format', format, '-v'])).code).toBe(2);
    }
  }, 60_000);

  it('never prints a canary or an access token in any output', () => {
    expect(outputs.length).toBeGreaterThan(10);
    for (const { command, text } of outputs) {
      for (const [name, value] of Object.entries(secrets)) {
        expect(text.includes(value), `${name} printed by dpac ${command}`).toBe(false);
      }
      expect(text.includes(JWT_HEADER), `an access token printed by dpac ${command}`).toBe(false);
    }
  });

  it('writes no canary into the saved plan or any other file', async () => {
    const files = await filesUnder(e2e.dir);
    expect(files.some((f) => f.endsWith('p.json'))).toBe(true);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const [name, value] of Object.entries(secrets)) {
        expect(text.includes(value), `${name} in ${path.relative(e2e.dir, file)}`).toBe(false);
      }
    }
  });

  it('warns about a literal password at validate and shows it only as (sensitive) in plans', async () => {
    // A fresh platform: the planned source is a create, its password in the create call.
    const e2e = await startE2e({});
    onTestFinished(() => e2e.close());
    e2e.emulator.store.update('users', ADMIN_ID, { refreshToken: secrets.DPAC_REFRESH_TOKEN });
    const files = generatePlatform({ sources: 1, tablesPerSource: 0, domains: 0, users: 0 }).files;
    await e2e.write('literal/env.yaml', files['platform/env.yaml'] ?? '');
    const source = (files['sources/src_0.yaml'] ?? '').split('---\n')[0] ?? '';
    await e2e.write('literal/src.yaml', source.replace('${env.SOURCE_PASSWORD}', literal));
    const validate = await e2e.dpac(['validate', 'literal'], { env: secrets });
    expect(validate.code).toBe(0);
    expect(`${validate.stdout}${validate.stderr}`).toContain('Literal secret in a file; use ${env.NAME}');
    const texts = [validate.stdout, validate.stderr];
    for (const format of [[], ['--json'], ['--markdown'], ['--show-calls'], ['--out', 'literal.json']]) {
      const plan = await e2e.dpac(['plan', 'literal', ...format], { env: secrets });
      expect(plan.code, plan.stderr).toBe(0);
      texts.push(plan.stdout, plan.stderr);
    }
    texts.push(await readFile(path.join(e2e.dir, 'literal.json'), 'utf8'));
    expect(texts.join('\n')).toContain('(sensitive)');
    for (const text of texts) expect(text.includes(literal)).toBe(false);
  });
});
