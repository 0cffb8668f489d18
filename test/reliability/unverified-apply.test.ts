// When the read-back after an apply fails, the writes already happened: the summary of what was
// done must still be printed, with the verification failure as an error (not a bare API error).
import { afterEach, describe, expect, it } from 'vitest';
import { captureIo } from '../helpers/capture-io.js';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { generatePlatform, writePlatform } from './generate-platform.js';

describe('an apply whose verification cannot read live state', () => {
  let e2e: E2e;
  afterEach(() => e2e.close());

  it('still prints what was applied, reports the verification failure, and exits 1', async () => {
    e2e = await startE2e({});
    const platform = generatePlatform({ sources: 1, tablesPerSource: 2, domains: 1, users: 1 });
    const folder = await writePlatform(e2e.write, platform);
    const io = captureIo(e2e.dir, { ...e2e.env, ...platform.env });
    const print = io.out;
    io.out = (text) => {
      print(text);
      // The last step has ended: from now on every read is throttled until the client gives up.
      const step = /^ {2}\[(\d+)\/(\d+)\]/.exec(text);
      if (step && step[1] === step[2]) e2e.emulator.setFaults('429=1@GET');
    };

    const run = await e2e.dpac(['apply', folder, '--auto-approve'], { io });

    expect(run.stderr).toContain('Could not verify the apply:');
    expect(run.stderr).toContain('returned 429');
    expect(run.stdout).toMatch(/Apply finished, but verifying it found 1 problem\(s\).*Resources: \d+ added/);
    expect(run.code).toBe(1);
    e2e.emulator.setFaults('');
    expect((await e2e.dpac(['plan', folder, '--detailed-exitcode'], { env: platform.env })).code).toBe(0);
  }, 60_000);
});
