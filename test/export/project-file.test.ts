// The dpac.yaml an export writes: a URL without what may carry a credential, and the project or
// ownership tag the exported objects' tags name, loadable as the project file it is.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { projectFileText, withoutCredentials } from '../../src/export/project-file.js';
import { KINDS } from '../../src/kinds/index.js';
import { loadProjectConfig } from '../../src/manifest/project-config.js';

it('drops user, password, query and fragment from the target URL', () => {
  expect(withoutCredentials('https://bot:s3cret@platform.example.com:8443/v3?token=abc#frag')).toBe(
    'https://platform.example.com:8443/v3',
  );
  expect(withoutCredentials('http://127.0.0.1:3001/v3')).toBe('http://127.0.0.1:3001/v3');
});

it('writes a project file dpac loads: a named project, or a tag of its own as ownership_tag', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'dpac-project-file-'));
  try {
    const target = { name: 'prod-eu', url: 'https://platform.example.com/v3' };
    const load = async (text: string) => {
      await writeFile(path.join(dir, 'dpac.yaml'), text);
      return loadProjectConfig({ file: 'dpac.yaml', path: path.join(dir, 'dpac.yaml') }, KINDS);
    };
    const named = await load(
      projectFileText(
        { name: 'team-a', ownershipTag: 'managed-by:dpac/team-a', reason: 'r', owners: [] },
        target,
      ),
    );
    expect(named.diagnostics).toEqual([]);
    expect(named.project).toMatchObject({
      project: 'team-a',
      ownership_tag: 'managed-by:dpac/team-a',
      default_target: 'prod-eu',
      targets: { 'prod-eu': { url: 'https://platform.example.com/v3' } },
    });
    const custom = await load(
      projectFileText({ ownershipTag: 'managed-by:ops', reason: 'r', owners: [] }, target),
    );
    expect(custom.diagnostics).toEqual([]);
    expect(custom.project.project).toBeUndefined();
    expect(custom.project.ownership_tag).toBe('managed-by:ops');
    const text = projectFileText(
      { ownershipTag: 'managed-by:dpac', reason: 'r', owners: [{ tag: 'managed-by:dpac/x', objects: 2 }] },
      target,
    );
    expect(text).toContain('# Credentials for target prod-eu: DPAC_PROD_EU_REFRESH_TOKEN');
    expect(text).toContain('# project: x   # names the project');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
