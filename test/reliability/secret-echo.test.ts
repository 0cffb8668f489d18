// A `${env.X}` that feeds a secret field, also written into a plain field by a pull request: the
// plain field would print and store the secret in clear. validate, plan and apply refuse it, at
// its location, printing no value and writing nothing; a variable dpac.yaml declares non-secret
// may be used in both, and is then shown as the plain value it was declared to be.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { platformApi } from '../helpers/platform-api.js';

const MANIFESTS = `apiVersion: dpac/v1
kind: Domain
metadata:
  name: sales
spec:
  description: "pw is \${env.SHARED_PASSWORD}"
---
apiVersion: dpac/v1
kind: User
metadata:
  name: ann@example.com
spec:
  profile:
    name: Ann
  roles: [analyst]
  password: \${env.SHARED_PASSWORD}
`;

describe('a secret variable written into a plain field', () => {
  let e2e: E2e;
  const secret = `canary-echo-${randomBytes(8).toString('hex')}`;
  const env = { SHARED_PASSWORD: secret };
  beforeEach(async () => {
    e2e = await startE2e();
  });
  afterEach(() => e2e.close());

  it('is refused at its location by validate, plan and apply, printing nothing and writing nothing', async () => {
    const file = await e2e.write('m.yaml', MANIFESTS);
    const seq = e2e.lastSeq();
    for (const args of [['validate'], ['plan', '--out', 'plan.json'], ['apply', '--auto-approve']]) {
      const result = await e2e.dpac([...args, file, '--no-color'], { env });
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).toContain(
        'm.yaml:6:16 error: ${env.SHARED_PASSWORD} is in a plain field, whose value is printed in plans and stored in clear',
      );
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('is a plain value once dpac.yaml declares it non-secret, and converges', async () => {
    await e2e.write(
      'dpac.yaml',
      'apiVersion: dpac/v1\nkind: Project\nvariables:\n  SHARED_PASSWORD: { env: true, secret: false }\n',
    );
    await e2e.write('m.yaml', MANIFESTS);
    const apply = await e2e.dpac(['apply', '--auto-approve', '--no-color'], { env });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const api = await platformApi(e2e.emulator.url);
    const id = await api.idOf('/admin/domains', 'sales');
    const live = await api.get<{ result: { description: string } }>(`/domains/${id}`);
    expect(live.result.description).toBe(`pw is ${secret}`);
    expect((await e2e.dpac(['plan', '--detailed-exitcode'], { env })).code).toBe(0);
  });
});
