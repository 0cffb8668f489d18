// Valid manifests within the fast path's subset are read by it alone: the full YAML parser runs only
// to locate a diagnostic. A rule that locates up front (checkParents once located every child's
// parent key) runs it over every file and doubles the CPU of a 10k-table plan — this pins it.
import path from 'node:path';
import { beforeEach, expect, it, vi } from 'vitest';
import { hasErrors } from '../../src/core/diagnostic.js';
import { loadManifests } from '../../src/manifest/load-manifests.js';

const fullParses = vi.hoisted(() => ({ files: [] as string[] }));

vi.mock('yaml', async (importOriginal) => {
  const yaml = await importOriginal<typeof import('yaml')>();
  return {
    ...yaml,
    parseAllDocuments: (text: string, ...rest: unknown[]) => {
      // dpac.yaml is one file, read whole; the manifests are what scale.
      if (!/^kind: Project$/m.test(text)) fullParses.files.push(text.slice(0, 300));
      return (yaml.parseAllDocuments as (...args: unknown[]) => unknown)(text, ...rest);
    },
  };
});

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples');
const env = { SALES_DB_PASSWORD: 'x', WAREHOUSE_PASSWORD: 'x', LAKE_ACCESS_KEY: 'x', DATABRICKS_TOKEN: 'x' };

beforeEach(() => {
  fullParses.files = [];
});

it('loads the valid examples (children, references, externals) without the full parser', async () => {
  const loaded = await loadManifests({ cwd: EXAMPLES, env });
  expect(hasErrors(loaded.diagnostics)).toBe(false);
  expect(loaded.manifests.some((m) => m.ancestors.length > 0)).toBe(true);
  expect(fullParses.files).toEqual([]);
});

it('runs the full parser to locate a broken reference, and only then', async () => {
  const loaded = await loadManifests({
    cwd: EXAMPLES,
    env,
    paths: ['sources/sales_db/table-groups.yaml'],
  });
  // The tables and the source the groups need are not loaded: their references are located.
  expect(hasErrors(loaded.diagnostics)).toBe(true);
  expect(loaded.diagnostics.find((d) => d.severity === 'error')?.source?.line).toBeGreaterThan(0);
  expect(fullParses.files.length).toBeGreaterThan(0);
});
