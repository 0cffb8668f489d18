// Targets, variables and credentials per target (issue 12, point 5): typed --var values, defaults
// and descriptions in dpac.yaml, default_target, and DPAC_<TARGET>_REFRESH_TOKEN.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, REFRESH_TOKEN, startE2e } from '../helpers/e2e.js';

const PROJECT = `apiVersion: dpac/v1
kind: Project
default_target: staging
variables:
  env_name:
    default: prod
    description: the environment the domain uses
  parallel:
    description: how many tables run at once
targets:
  staging:
    url: URL
    variables:
      domain_description: Staging sales
`;

const MANIFESTS = `apiVersion: dpac/v1
kind: Domain
metadata: {name: sales}
spec:
  description: \${var.domain_description} in \${var.env_name}
`;

describe('targets and variables', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
    await e2e.write('dpac.yaml', PROJECT.replace('URL', e2e.emulator.url));
    await e2e.write('platform.yaml', MANIFESTS);
  });
  afterAll(() => e2e.close());

  it('uses the default target, its variables and the declared defaults', async () => {
    const run = await e2e.dpac(['plan', '-o', 'json'], {
      env: { DPAC_URL: undefined, DPAC_REFRESH_TOKEN: undefined, DPAC_STAGING_REFRESH_TOKEN: REFRESH_TOKEN },
    });
    expect(run.stderr).toBe('');
    const domain = JSON.parse(run.stdout).changes.find(
      (c: { address: string }) => c.address === 'Domain/sales',
    );
    expect(domain.after).toMatchObject({ description: 'Staging sales in prod' });
  });

  it("a target's own credentials win over the generic ones, as a set", async () => {
    const wrong = await e2e.dpac(['plan'], {
      env: {
        DPAC_URL: undefined,
        DPAC_REFRESH_TOKEN: REFRESH_TOKEN,
        DPAC_STAGING_REFRESH_TOKEN: 'not-a-token',
      },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/returned 40[16]/);
    // The generic token is bound to DPAC_URL's origin: a target's URL from dpac.yaml never gets it.
    const generic = await e2e.dpac(['plan'], {
      env: { DPAC_URL: undefined, DPAC_REFRESH_TOKEN: REFRESH_TOKEN },
    });
    expect(generic.code).toBe(1);
    expect(generic.stderr).toContain('Not sending DPAC_REFRESH_TOKEN/DPAC_PASSWORD to');
    expect(generic.stderr).toContain('set DPAC_STAGING_REFRESH_TOKEN');
    const sameOrigin = await e2e.dpac(['plan'], {
      env: { DPAC_URL: e2e.emulator.url, DPAC_REFRESH_TOKEN: REFRESH_TOKEN },
    });
    expect(sameOrigin.code, sameOrigin.stderr).toBe(0);
  });

  it('types a whole-value variable where the schema wants a boolean, and says what a missing one is for', async () => {
    await e2e.write(
      'more/user.yaml',
      `apiVersion: dpac/v1
kind: User
metadata: {name: carol@example.com}
spec:
  profile: {name: Carol}
  roles: [analyst]
  password: \${env.ALICE_PASSWORD}
  login_disabled: \${var.off}
`,
    );
    const ok = await e2e.dpac(['validate', '--var', 'off=true', '--var', 'parallel=2']);
    expect(ok.stdout).toContain('are valid');
    expect(ok.code).toBe(0);
    const bad = await e2e.dpac(['validate', '--var', 'off=maybe', '--no-color']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('`spec.login_disabled` must be true or false, not a string');
    await e2e.write(
      'more/uses-parallel.yaml',
      'apiVersion: dpac/v1\nkind: Domain\nmetadata: {name: p}\nspec: {description: "${var.parallel}"}\n',
    );
    const missing = await e2e.dpac(['validate', '--var', 'off=false', '--no-color']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('${var.parallel} is not defined');
    expect(missing.stdout).toContain('parallel: how many tables run at once.');
  });
});
