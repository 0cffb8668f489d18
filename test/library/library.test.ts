// The library's documented example (the first ```js block of docs/library.md) runs as a user's
// script would: a separate node process importing 'dpac' through the package's exports (the built
// dist/index.js), planning the shipped examples against an emulator, applying, planning empty.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXAMPLE_SECRETS } from '../helpers/e2e.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'dpac-library-'));
  await mkdir(path.join(dir, 'node_modules'));
  await symlink(ROOT, path.join(dir, 'node_modules/dpac'), 'dir');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('runs the example of docs/library.md against the built package', async () => {
  const docs = await readFile(path.join(ROOT, 'docs/library.md'), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(docs)?.[1];
  expect(example).toContain("from 'dpac'");
  await writeFile(path.join(dir, 'plan-and-apply.mjs'), example ?? '');
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['plan-and-apply.mjs', path.join(ROOT, 'examples')],
    { cwd: dir, env: { PATH: process.env.PATH, ...EXAMPLE_SECRETS } },
  );
  expect(stderr).toBe('');
  const result = JSON.parse(stdout);
  // Every example is created from empty, applied whole, and then nothing is left to do.
  expect(result.planned).toMatchObject({ change: 0, replace: 0, destroy: 0 });
  expect(result.planned.add).toBeGreaterThan(10);
  expect(result.applied).toMatchObject({ added: result.planned.add, changed: 0, destroyed: 0 });
  expect(result).toMatchObject({ complete: true, changesLeft: false });
  expect(result.exportedFiles).toBeGreaterThan(5);
});
