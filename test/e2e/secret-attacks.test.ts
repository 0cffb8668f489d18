// Attacks on secrets through the real CLI against the emulator, as someone who can open a pull
// request (edit manifests, dpac.yaml) or set a value on the platform would try them (issue 25;
// docs/security.md). Each would have leaked or written a secret before secrets were carried by
// reference and interpolated once, at load.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { startHostileServer } from '../helpers/hostile-server.js';
import * as f from './kinds/fixtures.js';

const canary = (label: string) => `${label}-canary-${randomBytes(6).toString('hex')}`;

describe('secret attacks', () => {
  let e2e: E2e;
  let api: f.Api;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  beforeEach(async () => {
    await f.resetWith(e2e, { 'platform.yaml': f.platform(), 'sources.yaml': f.docs(f.salesDb()) });
    api = await f.connectApi(e2e);
  });
  afterAll(() => e2e.close());

  /** Every output of the runs, to search for canaries. */
  const outputs: string[] = [];
  const run = async (args: string[], env: Record<string, string | undefined> = {}) => {
    const result = await e2e.dpac(args, { env });
    outputs.push(result.stdout, result.stderr);
    return result;
  };

  it('sends a live tag shaped like ${env.NAME} as the text it is, set or not, and converges', async () => {
    await f.applyOk(e2e);
    const id = await api.idOf('/sources', 'sales_db');
    await api.send('PUT', `/sources/${id}/metadata`, {
      tags_to_add: ['${env.LAKE_ACCESS_KEY}', '${env.UNSET_X}'],
    });
    const lakeKey = canary('lake');
    const applied = await run(['apply', '--auto-approve', '--no-color', '-v'], { LAKE_ACCESS_KEY: lakeKey });
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const source = await api.get<{ result: { tags: string[] } }>(`/sources/${id}`);
    expect(source.result.tags).not.toContain('${env.LAKE_ACCESS_KEY}');
    expect(outputs.join('\n')).not.toContain(lakeKey);
    await f.expectConverged(e2e);
  });

  it('writes $${ to the platform as ${, and a variable holding ${env.Y} as text: one pass, at load', async () => {
    const password = canary('salespw');
    await e2e.write(
      'sources.yaml',
      f.docs(f.salesDb({ description: '"Literal $${env.SALES_DB_PASSWORD} and ${var.note}"' })),
    );
    const env = { SALES_DB_PASSWORD: password, Y: canary('y') };
    const applied = await run(['apply', '--auto-approve', '--no-color', '--var', 'note=${env.Y}'], env);
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    const id = await api.idOf('/sources', 'sales_db');
    const source = await api.get<{ result: { description: string } }>(`/sources/${id}`);
    expect(source.result.description).toBe('Literal ${env.SALES_DB_PASSWORD} and ${env.Y}');
    const plan = await run(['plan', '--detailed-exitcode', '--no-color', '--var', 'note=${env.Y}'], env);
    expect(plan.stdout).toContain('No changes.');
    expect(outputs.join('\n')).not.toContain(password);
    expect(outputs.join('\n')).not.toContain(env.Y);
  });

  it('refuses a pull request that copies the CI refresh token or a secret into a printed field', async () => {
    for (const variable of ['DPAC_REFRESH_TOKEN', 'SALES_DB_PASSWORD']) {
      await e2e.write('sources.yaml', f.docs(f.salesDb({ description: `"token: \${env.${variable}}"` })));
      const seq = e2e.lastSeq();
      for (const args of [['validate'], ['plan', '--out', 'plan.json'], ['plan', '-o', 'markdown']]) {
        const result = await run([...args, '--no-color']);
        expect(result.code).toBe(1);
        expect(result.stdout + result.stderr).toMatch(
          variable.startsWith('DPAC_')
            ? /sources\.yaml:\d+:\d+ error: \$\{env\.DPAC_REFRESH_TOKEN\} cannot be read by a manifest/
            : /sources\.yaml:\d+:\d+ error: \$\{env\.SALES_DB_PASSWORD\} is in a plain field/,
        );
      }
      expect(e2e.writesSince(seq)).toEqual([]);
    }
    const all = outputs.join('\n');
    expect(all).not.toContain(e2e.env.DPAC_REFRESH_TOKEN);
    expect(all).not.toContain(e2e.env.SALES_DB_PASSWORD);
  });

  it('sends no credential to a URL a pull request puts in dpac.yaml, default target or not', async () => {
    const attacker = await startHostileServer({ script: () => false });
    try {
      for (const project of [
        `apiVersion: dpac/v1\nkind: Project\ndefault_target: pr\ntargets:\n  pr: { url: ${attacker.url} }\n`,
        `apiVersion: dpac/v1\nkind: Project\ntargets:\n  pr: { url: ${attacker.url} }\n`,
      ]) {
        await e2e.write('dpac.yaml', project);
        const args = project.includes('default_target')
          ? ['plan', '--no-color']
          : ['plan', '--target', 'pr', '--no-color'];
        const run = await e2e.dpac(args);
        expect(run.code).toBe(1);
        expect(run.stderr).toContain('Not sending DPAC_REFRESH_TOKEN/DPAC_PASSWORD to http://127.0.0.1:');
        expect(run.stderr).toContain('set DPAC_PR_REFRESH_TOKEN');
      }
      expect(attacker.seen).toEqual([]);
    } finally {
      await attacker.close();
    }
  });

  it('re-sends a secret under a wildcard pointer (a Snowflake profile password) with --resend-secrets', async () => {
    const environment = `apiVersion: dpac/v1
kind: Environment
metadata: { name: prod }
spec:
  platform: gcp
  compute_engine: dataproc
  connection_configuration: { region: us-central1 }
  data_warehouse_type: snowflake
  data_warehouse_configuration:
    type: snowflake
    connection_url: https://acme.snowflakecomputing.com
    account_name: acme
    snowflake_profiles:
      - name: loader
        warehouse: [{ name: LOAD_WH }]
        authentication_properties:
          type: default
          username: LOADER
          password: \${env.SNOW_PASSWORD}
`;
    await f.resetWith(e2e, { 'platform.yaml': environment });
    const env = { SNOW_PASSWORD: canary('snow') };
    const first = await run(['apply', '--auto-approve', '--no-color'], env);
    expect(first.code, first.stdout + first.stderr).toBe(0);
    const quiet = e2e.lastSeq();
    expect((await run(['apply', '--auto-approve', '--no-color'], env)).code).toBe(0);
    expect(e2e.writesSince(quiet)).toEqual([]);
    const seq = e2e.lastSeq();
    const resent = await run(['apply', '--auto-approve', '--resend-secrets', '--no-color'], env);
    expect(resent.code).toBe(0);
    expect(resent.stdout).toContain('Apply complete! Resources: 0 added, 1 changed');
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.entity}`)).toEqual(['PATCH environment']);
    expect(outputs.join('\n')).not.toContain(env.SNOW_PASSWORD);
  });
});
