import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifests } from '../../src/manifest/load-manifests.js';
import { lines } from './helpers.js';

const REPO = path.resolve(import.meta.dirname, '../..');

describe('examples/', () => {
  it('validates clean against the real kinds', async () => {
    const entries = await readdir(path.join(REPO, 'examples')).catch(() => []);
    if (entries.length === 0) return;
    const result = await loadManifests({ cwd: REPO, paths: ['examples'], env: {} });
    expect(lines(result.diagnostics)).toEqual([]);
    expect(result.manifests.length).toBeGreaterThan(0);
    expect(new Set(result.manifests.map((m) => m.kind)).size).toBeGreaterThan(3);
  });
});
