import { afterEach, describe, expect, it } from 'vitest';
import { lines, type TempProject, tempProject } from './helpers.js';

let project: TempProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

async function problems(yaml: string): Promise<string[]> {
  await project?.remove();
  project = await tempProject({ 'm.yaml': yaml });
  return lines((await project.load()).diagnostics);
}

describe('document validation', () => {
  it('suggests the closest kind for an unknown kind', async () => {
    expect(await problems('apiVersion: dpac/v1\nkind: Tabel\nmetadata: { name: x }\n')).toEqual([
      'm.yaml:2:7 error: Unknown kind Tabel. Did you mean Table?',
    ]);
  });

  it('checks apiVersion, metadata keys and their types, and top-level keys', async () => {
    expect(
      await problems(
        'apiVersion: dpac/v2\nkind: Domain\nmetadata:\n  name: a/b\n  protect: yes\n  labels: {}\nspek: {}\n',
      ),
    ).toEqual([
      'm.yaml:1:13 error: `apiVersion` must be "dpac/v1"',
      'm.yaml:4:9 error: `metadata.name` is not valid: names may not contain /',
      'm.yaml:5:12 error: `metadata.protect` must be true or false, not a string',
      'm.yaml:6:3 error: Unknown field `metadata.labels`.',
      'm.yaml:7:1 error: Unknown field `spek`. Did you mean `spec`?',
    ]);
  });

  it('requires metadata.name and the parent key of a child kind', async () => {
    expect(
      await problems(
        'apiVersion: dpac/v1\nkind: Table\nmetadata:\n  protect: true\nspec: { schema_name_at_source: s }\n',
      ),
    ).toEqual([
      'm.yaml:3:1 error: `metadata.name` is required',
      'm.yaml:3:1 error: `metadata.source` is required',
    ]);
  });

  it('refuses a document that is not a mapping and a Project document among manifests', async () => {
    expect(await problems('- a\n- b\n---\napiVersion: dpac/v1\nkind: Project\n')).toEqual([
      'm.yaml:1:1 error: A manifest document must be a mapping',
      'm.yaml:5:7 error: A Project document belongs in dpac.yaml, not among the manifests',
    ]);
  });

  it('treats a missing or empty spec as {} so defaults apply', async () => {
    project = await tempProject({
      'm.yaml': 'apiVersion: dpac/v1\nkind: Domain\nmetadata: { name: a }\nspec:\n',
    });
    const result = await project.load();
    expect(result.diagnostics).toEqual([]);
    expect(result.manifests[0]?.spec).toEqual({ environments: [] });
  });

  it('picks the union alternative the value came closest to', async () => {
    expect(
      await problems(
        'apiVersion: dpac/v1\nkind: Environment\nmetadata: { name: prod }\nspec: { platform: aws }\n---\napiVersion: dpac/v1\nkind: Source\nmetadata: { name: s }\nspec:\n  environment: prod\n  connection:\n    password: { password_type: secret_store, secretid: x }\n',
      ),
    ).toEqual([
      'm.yaml:12:5 error: `spec.connection.password.secret_id` is required',
      'm.yaml:12:46 error: Unknown field `spec.connection.password.secretid`. Did you mean `secret_id`?',
    ]);
    expect(
      await problems(
        'apiVersion: dpac/v1\nkind: Source\nmetadata: { name: s }\nspec: { environment: prod, connection: { password: 5 } }\n',
      ),
    ).toEqual([
      // The invalid document's references are checked in the same run.
      'm.yaml:4:22 error: Source/s refers to Environment/prod, which no manifest declares.',
      'm.yaml:4:52 error: `spec.connection.password` must be a string or a mapping, not a number',
    ]);
  });

  it('never echoes the value of a sensitive field in a schema error', async () => {
    const out = await problems(
      'apiVersion: dpac/v1\nkind: Source\nmetadata: { name: s }\nspec:\n  environment: prod\n  connection:\n    password: [canary-secret-1]\n',
    );
    expect(out.join('\n')).not.toContain('canary-secret-1');
    expect(out).toContain(
      'm.yaml:7:15 error: `spec.connection.password` must be a string or a mapping, not a list',
    );
  });
});
