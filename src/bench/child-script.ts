// Runs a script of this folder in a fresh process (a measurement without the bench's own heap or
// loaded modules); its stdout is one JSON document. The time is the whole process's, start to exit.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

export async function runScript<T>(
  script: string,
  args: readonly string[],
): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, [path.join(here, script), ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return { result: JSON.parse(stdout) as T, ms: performance.now() - started };
}
