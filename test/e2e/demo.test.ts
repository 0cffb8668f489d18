// `npm start` (issue 27, point 19): the demo runs through, shows the live objects it leaves alone
// once rather than after every command, and the out-of-band changes it announces really happen
// (drift finds both).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const DEMO = path.resolve(import.meta.dirname, '../../dist/demo/run-demo.js');

describe('the demo', () => {
  it('runs through, lists what it leaves alone once, and drifts where it says it changed things', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [DEMO], {
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
    });
    expect(stdout.match(/live objects are not managed here and left untouched:/g)).toHaveLength(1);
    expect(
      stdout.match(/^\(the same 4 live objects not managed here, left untouched as above\)$/gm),
    ).toHaveLength(5);
    expect(stdout).toContain('Changed (2) — apply would revert these:');
    expect(stdout).toContain('      ~ /max_parallel_entities: 8 → 2');
    expect(stdout).toMatch(/^Done in \d/m);
  });
});
