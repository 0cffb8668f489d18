// External objects offline: a manifest with metadata.external or a dpac.yaml `external:` entry
// (patterns allowed) declares an address for references and parents; mistakes are located.
import { afterEach, describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds/index.js';
import { lines, type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

const domain = `apiVersion: dpac/v1
kind: Domain
metadata:
  name: sales
spec:
  environments: [prod, dev_1]
`;

const storageUnderExternal = `apiVersion: dpac/v1
kind: EnvironmentStorage
metadata:
  name: scratch
  environment: prod
spec:
  storage_type: dbfs
`;

describe('external objects in validation', () => {
  it('resolves references and parents to external objects, and warns that an external spec is ignored', async () => {
    project = await tempProject({
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\nproject: sales\nexternal:\n  - Environment/dev_*\n',
      'prod.yaml':
        'apiVersion: dpac/v1\nkind: Environment\nmetadata:\n  name: prod\n  external: true\nspec:\n  platform: azure\n',
      'domain.yaml': domain,
      'storage.yaml': storageUnderExternal,
    });
    const loaded = await project.load({ registry: KINDS });
    expect(lines(loaded.diagnostics)).toEqual([
      // Only a glob covers it: plan, not validate, can tell whether it exists.
      'domain.yaml:6:18 note: Domain/sales refers to Environment/dev_1, which no manifest declares; the external Environment/dev_* covers it, so only plan checks that it exists on the platform.',
      'prod.yaml:6:1 warning: Environment/prod is external: its spec is ignored',
    ]);
    expect(loaded.manifests.map((m) => m.address).sort()).toEqual([
      'Domain/sales',
      'EnvironmentStorage/prod/scratch',
    ]);
    expect(loaded.externals.map((e) => [e.address, e.pattern])).toEqual([
      ['Environment/prod', false],
      ['Environment/dev_*', true],
    ]);
  });

  it('still fails a reference no declaration covers', async () => {
    project = await tempProject({
      'dpac.yaml': 'apiVersion: dpac/v1\nkind: Project\nexternal:\n  - Environment/prod\n',
      'domain.yaml': domain,
    });
    const loaded = await project.load({ registry: KINDS });
    expect(lines(loaded.diagnostics)).toEqual([
      'domain.yaml:6:18 error: Domain/sales refers to Environment/dev_1, which no manifest declares.',
    ]);
  });

  it('locates malformed external entries in dpac.yaml and a contradiction between managed and external', async () => {
    project = await tempProject({
      'dpac.yaml':
        'apiVersion: dpac/v1\nkind: Project\nexternal:\n  - Environment\n  - Enviroment/prod\n  - EnvironmentStorage/lake\n  - Domain/sales\n',
      'domain.yaml': domain.replace('[prod, dev_1]', '[]'),
    });
    const loaded = await project.load({ registry: KINDS });
    expect(lines(loaded.diagnostics)).toEqual([
      'domain.yaml:2:1 error: Domain/sales is declared both as managed and as external',
      'dpac.yaml:4:5 error: external entry Environment does not start with a kind',
      'dpac.yaml:5:5 error: external entry Enviroment/prod does not start with a kind',
      'dpac.yaml:6:5 error: external entry EnvironmentStorage/lake needs 2 names after EnvironmentStorage',
    ]);
  });
});
