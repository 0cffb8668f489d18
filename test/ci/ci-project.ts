// What the pipeline tests share: an emulator on a free port, a repository made by
// `dpac init repo --ci <system>` (the real binary), and a bin folder put first on PATH with the
// built dpac as `dpac`, a fake `npm` that only records (the templates' install step) and the
// given fakes of the forge's client (`gh`, `curl`).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/server.js';
import { DPAC_BIN, runBinary } from '../helpers/binary.js';

export interface CiProject {
  emulator: RunningEmulator;
  root: string;
  /** The repository `dpac init` wrote. */
  repo: string;
  /** The bin folder with the fakes, then node, then the system. */
  path: string;
  /** What the fake npm was asked. */
  npmLog(): Promise<string>;
  /** Changes the domain by hand, outside the repository (a real apply from another folder). */
  editByHand(description: string): Promise<void>;
  close(): Promise<void>;
}

/** A Domain manifest (the kind `dpac init` gives as its example). */
export const domain = (name: string, description: string) =>
  `apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: ${name}\nspec:\n  description: ${description}\n`;

export async function startCiProject(
  ci: 'github' | 'gitlab',
  fakes: Record<string, string>,
): Promise<CiProject> {
  const emulator = await startEmulator({ port: 0, quiet: true });
  const root = await mkdtemp(path.join(tmpdir(), `dpac-${ci}-`));
  const init = await runBinary(['init', 'repo', '--ci', ci], { cwd: root });
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  const bin = path.join(root, 'bin');
  await mkdir(bin);
  const script = (name: string, body: string) =>
    writeFile(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  await script('dpac', `exec "${process.execPath}" "${DPAC_BIN}" "$@"`);
  await script('npm', `echo "npm $*" >> "${path.join(root, 'npm.log')}"`);
  for (const [name, file] of Object.entries(fakes))
    await script(name, `exec "${process.execPath}" "${file}" "$@"`);
  const env = { DPAC_URL: emulator.url, DPAC_REFRESH_TOKEN: emulator.adminRefreshToken };
  return {
    emulator,
    root,
    repo: path.join(root, 'repo'),
    path: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    npmLog: () => readFile(path.join(root, 'npm.log'), 'utf8'),
    async editByHand(description) {
      await writeFile(path.join(root, 'by-hand.yaml'), domain('example', description));
      const byHand = await runBinary(['apply', 'by-hand.yaml', '--auto-approve'], { cwd: root, env });
      expect(byHand.code).toBe(0);
    },
    async close() {
      await emulator.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
