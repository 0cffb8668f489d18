import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { platformArbitrary, toYaml } from './generated-platform.js';

interface PlanJson {
  summary: Record<'add' | 'change' | 'replace' | 'destroy' | 'adopt' | 'unmanaged', number>;
  changes: { address: string; action: string; fields: { path: string }[] }[];
}

function variablesIn(stdout: string): Record<string, string> {
  const names = [...stdout.matchAll(/^ {2}([A-Z][A-Z0-9_]*) +\S+ \/\S*$/gm)].map((m) => m[1] as string);
  return Object.fromEntries(names.map((n) => [n, 'x']));
}

describe('export round trip over generated platforms', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
    await e2e.copyExamples();
    // The platform part of the examples without the external sandbox (each run starts empty).
    await rm(path.join(e2e.dir, 'examples/platform/sandbox.yaml'));
    const domain = path.join(e2e.dir, 'examples/platform/domain.yaml');
    await writeFile(domain, (await readFile(domain, 'utf8')).replace('[prod, demo-sandbox]', '[prod]'));
  });
  afterAll(() => e2e.close());

  it('exports any platform within the schema so that plan finds nothing to change', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(platformArbitrary, async (platform) => {
        run++;
        await e2e.emulator.reset();
        await e2e.write(`gen-${run}/platform.yaml`, toYaml(platform));
        const env = { GEN_DB_PASSWORD: 'gen-db-password' };
        const applied = await e2e.dpac(['apply', 'examples/platform', `gen-${run}`, '--auto-approve'], {
          env,
        });
        expect(applied.stderr).toBe('');
        expect(applied.code).toBe(0);

        const exported = await e2e.dpac(['export', '--out', `out-${run}`]);
        expect(exported.code).toBe(0);
        expect(exported.stdout).not.toContain('Not exported');
        expect(exported.stdout).not.toContain('a plan would still change');

        const plan = await e2e.dpac(['plan', `out-${run}`, '--json'], { env: variablesIn(exported.stdout) });
        expect(plan.stderr).toBe('');
        const json = JSON.parse(plan.stdout) as PlanJson;
        expect(json.changes.filter((c) => c.action !== 'noop')).toEqual([]);
        expect(json.summary).toMatchObject({
          add: 0,
          change: 0,
          replace: 0,
          destroy: 0,
          adopt: 0,
          unmanaged: 0,
        });
      }),
      { numRuns: 8, seed: 20260105 },
    );
  }, 180_000);
});
