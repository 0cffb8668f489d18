// Temp project folders for manifest tests: write files, load them, clean up.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LoadManifestsOptions, loadManifests } from '../../src/manifest/load-manifests.js';
import { FAKE_KINDS } from './fake-kinds.js';

export interface TempProject {
  root: string;
  write(file: string, content: string | Uint8Array): Promise<string>;
  load(options?: Partial<LoadManifestsOptions>): ReturnType<typeof loadManifests>;
  remove(): Promise<void>;
}

export async function tempProject(files: Record<string, string> = {}): Promise<TempProject> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'dpac-manifest-')));
  const project: TempProject = {
    root,
    async write(file, content) {
      const full = path.join(root, file);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, content);
      return full;
    },
    load: (options = {}) => loadManifests({ cwd: root, env: {}, registry: FAKE_KINDS, ...options }),
    remove: () => rm(root, { recursive: true, force: true }),
  };
  for (const [file, content] of Object.entries(files)) await project.write(file, content);
  return project;
}

/** `file:line:col severity: summary` lines, for compact assertions. */
export function lines(
  diagnostics: readonly {
    severity: string;
    summary: string;
    source?: { file: string; line: number; col: number };
  }[],
): string[] {
  return diagnostics.map(
    (d) =>
      `${d.source ? `${d.source.file}:${d.source.line}:${d.source.col} ` : ''}${d.severity}: ${d.summary}`,
  );
}
