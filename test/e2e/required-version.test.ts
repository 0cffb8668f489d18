// required_version in dpac.yaml: every command that reads dpac.yaml refuses a dpac outside the
// range with one error located at the value, reads no manifest and sends no request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/version.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import * as f from './kinds/fixtures.js';

describe('required_version', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e({ recordRequests: true });
    await f.resetWith(e2e, {
      'domain.yaml':
        'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: sales\nspec:\n  description: Sales.\n',
    });
    await e2e.write('plan.json', '{}');
  });
  afterAll(() => e2e.close());

  it.each([
    ['validate'],
    ['plan'],
    ['apply', '--auto-approve'],
    ['apply', '--plan', 'plan.json'],
    ['drift'],
    ['destroy', '--auto-approve'],
    ['export', '--out', 'exported'],
    ['import', 'Domain/sales'],
    ['ls'],
    ['fmt', '--check'],
    ['graph'],
  ])('dpac %s refuses a dpac outside the range, before reading anything', async (...args) => {
    await e2e.write('dpac.yaml', `${f.projectFile()}required_version: ">=99.1 <99.2"\nnot_yet_a_key: 1\n`);
    const before = e2e.emulator.requests().length;
    const result = await e2e.dpac(args, { env: { NO_COLOR: '1' } });
    expect(result.code).toBe(1);
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).toContain(
      `dpac.yaml:4:19 error: This project requires dpac >=99.1 <99.2 (required_version in dpac.yaml); this is dpac ${VERSION}.`,
    );
    // Only that: not the unknown key a newer format may have, nothing about the manifests.
    expect(output).not.toContain('not_yet_a_key');
    expect(output.match(/ error: /g)).toHaveLength(1);
    expect(e2e.emulator.requests().length).toBe(before);
  });

  it('lets every command run on a dpac inside the range', async () => {
    await e2e.write('dpac.yaml', `${f.projectFile()}required_version: "^${VERSION}"\n`);
    expect((await e2e.dpac(['validate'])).code).toBe(0);
    expect((await e2e.dpac(['plan'])).code).toBe(0);
  });
});
