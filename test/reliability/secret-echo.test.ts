// A `${env.X}` that feeds a secret field and is also written into a plain field: validate warns,
// no output or saved plan shows the value, and apply still sends it (the next plan is empty).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

  it('is warned about at validate, never printed nor saved, and still applied', async () => {
    const file = await e2e.write('m.yaml', MANIFESTS);
    const outputs: string[] = [];
    const run = async (args: string[]) => {
      const result = await e2e.dpac(args, { env });
      outputs.push(`${args.join(' ')}\n${result.stdout}\n${result.stderr}`);
      return result;
    };

    const validate = await run(['validate', file]);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toContain(
      'm.yaml:6:16 warning: ${env.SHARED_PASSWORD} feeds a secret field and is also written into this plain field',
    );
    const plan = await run(['plan', file, '--out', 'plan.json']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('pw is ${env.SHARED_PASSWORD}');
    await run(['plan', file, '--json']);
    await run(['plan', file, '--markdown', '--show-calls']);
    const saved = await readFile(path.join(e2e.dir, 'plan.json'), 'utf8');
    const apply = await run(['apply', '--plan', 'plan.json']);
    expect(apply.code, apply.stderr + apply.stdout).toBe(0);
    await run(['drift', file]);

    for (const text of [...outputs, saved]) expect(text).not.toContain(secret);
    const api = await platformApi(e2e.emulator.url);
    const id = await api.idOf('/admin/domains', 'sales');
    const live = await api.get<{ result: { description: string } }>(`/domains/${id}`);
    expect(live.result.description).toBe(`pw is ${secret}`);
    expect((await run(['plan', file, '--detailed-exitcode'])).code).toBe(0);
  });
});
