import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';

describe('the shipped examples against the demo emulator', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
    await e2e.copyExamples();
  });
  afterAll(() => e2e.close());

  it('plans every example resource as a create and exits 2 with --detailed-exitcode', async () => {
    const result = await e2e.dpac(['plan', 'examples', '--detailed-exitcode', '--no-color']);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('Plan: 16 to add, 0 to change, 0 to replace, 0 to destroy.');
    expect(result.stdout).not.toContain('sales-db-password');
  });

  it('applies, then the next plan is empty and a second apply sends zero writes', async () => {
    const applied = await e2e.dpac(['apply', 'examples', '--auto-approve']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain(
      'Apply complete! Resources: 16 added, 0 changed, 0 replaced, 0 destroyed.',
    );

    const plan = await e2e.dpac(['plan', 'examples', '--detailed-exitcode']);
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);

    const seq = e2e.lastSeq();
    const again = await e2e.dpac(['apply', 'examples', '--auto-approve']);
    expect(again.code).toBe(0);
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('reports drift with zero writes and exit 2 after an out-of-band change', async () => {
    const token = await fetch(`${e2e.emulator.url}/security/token/access`, {
      headers: { Authorization: `Basic ${e2e.env.DPAC_REFRESH_TOKEN}` },
    }).then((r) => r.json() as Promise<{ result: { authentication_token: string } }>);
    const auth = {
      Authorization: `Bearer ${token.result.authentication_token}`,
      'Content-Type': 'application/json',
    };
    const domains = await fetch(
      `${e2e.emulator.url}/admin/domains?filter=${encodeURIComponent('{"name":"sales"}')}`,
      { headers: auth },
    ).then((r) => r.json() as Promise<{ result: { id: string }[] }>);
    const id = domains.result[0]?.id;
    await fetch(`${e2e.emulator.url}/domains/${id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ description: 'changed by hand' }),
    });

    const seq = e2e.lastSeq();
    const drift = await e2e.dpac(['drift', 'examples', '--no-color']);
    expect(drift.code).toBe(2);
    expect(drift.stdout).toContain('~ Domain/sales: 1 field differs');
    expect(drift.stdout).toContain(
      '/description: live "changed by hand", declared "Sales team sources and pipelines."',
    );
    expect(e2e.writesSince(seq)).toEqual([]);

    const reapply = await e2e.dpac(['apply', 'examples', '--auto-approve', '--no-color']);
    expect(reapply.stderr).toBe('');
    expect(reapply.stdout).toContain(
      'Apply complete! Resources: 0 added, 1 changed, 0 replaced, 0 destroyed.',
    );
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.path.replace(/[0-9a-f]{24}/g, '<id>')}`)).toEqual(
      ['PATCH /v3/domains/<id>'],
    );
    const after = await e2e.dpac(['drift', 'examples']);
    expect(after.code).toBe(0);
  });
});
