// A saved plan is applied only as planned: any object it touches that changed since, a name it
// would create that now exists, or another URL, refuses it before a single write (journal).
import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { platformApi } from '../helpers/platform-api.js';
import { type GeneratedPlatform, generatePlatform, writePlatform } from './generate-platform.js';

const SHAPE = { sources: 1, tablesPerSource: 3, domains: 2, users: 1 };

describe('applying a saved plan that has gone stale', () => {
  let e2e: E2e;
  let platform: GeneratedPlatform;
  let folder: string;

  beforeEach(async () => {
    e2e = await startE2e({});
    platform = generatePlatform(SHAPE);
    folder = await writePlatform(e2e.write, platform);
    const applied = await e2e.dpac(['apply', folder, '--auto-approve'], { env: platform.env });
    expect(applied.code).toBe(0);
  });
  afterEach(() => e2e.close());

  /** Edits the manifests so the plan updates domain_0 and creates domain_new, then saves it. */
  async function savePlanTouchingDomains(): Promise<void> {
    const domains = platform.files['platform/domains.yaml'] ?? '';
    await e2e.write(
      `${folder}/platform/domains.yaml`,
      `${domains.replace('Generated domain domain_0.', 'Renamed in the manifest.')}---
apiVersion: dpac/v1
kind: Domain
metadata:
  name: domain_new
spec:
  description: Planned, not yet created.
  environments: [gen]
`,
    );
    const plan = await e2e.dpac(['plan', folder, '--out', 'p.json', '--detailed-exitcode'], {
      env: platform.env,
    });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('Plan: 1 to add, 1 to change');
  }

  it('refuses before any write when an object the plan updates was changed through the API', async () => {
    await savePlanTouchingDomains();
    const api = await platformApi(e2e.emulator.url);
    const id = await api.idOf('/admin/domains', 'domain_0');
    await api.send('PATCH', `/domains/${id}`, { description: 'changed by hand' });

    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', 'p.json'], { env: platform.env });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('The saved plan is stale; nothing was written.');
    expect(applied.stderr).toContain('Domain/domain_0 changed since the plan was made');
    expect(applied.stderr).not.toContain('domain_1');
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('refuses before any write when a name the plan would create now exists', async () => {
    await savePlanTouchingDomains();
    const api = await platformApi(e2e.emulator.url);
    await api.send('POST', '/domains', { name: 'domain_new', description: 'created by someone else' });

    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', 'p.json'], { env: platform.env });
    expect(applied.code).toBe(1);
    expect(applied.stderr).toContain('Domain/domain_new now exists but the plan would create it');
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('applies the same saved plan when nothing changed, as a control', async () => {
    await savePlanTouchingDomains();
    const seq = e2e.lastSeq();
    const applied = await e2e.dpac(['apply', '--plan', 'p.json'], { env: platform.env });
    expect(applied.code).toBe(0);
    expect(e2e.writesSince(seq).map((w) => `${w.method} ${w.entity}`)).toEqual(
      expect.arrayContaining(['POST domain', 'PATCH domain']),
    );
  });

  it('hashes a table without the crawled columns its manifest does not manage, and with them when it does', async () => {
    // The plan keeps no columns for a table whose manifest gives no schema; the check before apply
    // must hash the same fields, or every saved plan touching such a table would read as stale.
    const file = `${folder}/sources/src_0.yaml`;
    const text = platform.files['sources/src_0.yaml'] ?? '';
    const planned = async () => {
      const plan = await e2e.dpac(['plan', folder, '--out', 'p.json', '--detailed-exitcode'], {
        env: platform.env,
      });
      expect(plan.code).toBe(2);
      return JSON.parse(await readFile(`${e2e.dir}/p.json`, 'utf8'));
    };
    const applySaved = () => e2e.dpac(['apply', '--plan', 'p.json'], { env: platform.env });

    await e2e.write(file, text.replace('Generated table t_000.', 'Edited in the manifest.'));
    expect((await planned()).fingerprint_omitted).toEqual({ 'Table/src_0/t_000': ['columns'] });
    const first = await applySaved();
    expect(first.code, first.stderr).toBe(0);

    // With a schema the columns are hashed too; a column edited after the plan makes it stale.
    await e2e.write(
      file,
      text
        .replace('Generated table t_000.', 'Edited again.')
        .replace(/(name: t_000\n(?:.*\n)*?spec:\n)/, '$1  schema:\n    column_order: [id]\n'),
    );
    expect((await planned()).fingerprint_omitted).toBeUndefined();
    const api = await platformApi(e2e.emulator.url);
    const sourceId = await api.idOf('/sources', 'src_0');
    const tableId = await api.idOf(`/sources/${sourceId}/tables`, 't_000');
    await api.send('PATCH', `/tables/${tableId}/metadata`, {
      columns_descriptions: [{ name: 'id', description: 'edited by hand' }],
    });
    const seq = e2e.lastSeq();
    const applied = await applySaved();
    expect(applied.stderr).toContain('Table/src_0/t_000 changed since the plan was made');
    expect(e2e.writesSince(seq)).toEqual([]);
  });

  it('refuses a plan made for another URL, writing to neither platform', async () => {
    await savePlanTouchingDomains();
    const other = await startE2e({});
    try {
      const plan = await e2e.dpac(['plan', folder, '--out', `${other.dir}/p.json`], { env: platform.env });
      expect(plan.code).toBe(0);
      const seq = e2e.lastSeq();
      const otherSeq = other.lastSeq();
      const applied = await other.dpac(['apply', '--plan', 'p.json'], { env: platform.env });
      expect(applied.code).toBe(1);
      expect(applied.stderr).toContain(
        `The saved plan was made for ${e2e.emulator.url}, not ${other.emulator.url}.`,
      );
      expect(e2e.writesSince(seq)).toEqual([]);
      expect(other.writesSince(otherSeq)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
