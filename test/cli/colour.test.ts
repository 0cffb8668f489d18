// Colour is decided once per run: on a terminal by default, never in a pipe; NO_COLOR turns it
// off, FORCE_COLOR on (and wins over NO_COLOR, as in Node), --no-color off whatever the rest says.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { styleFor } from '../../src/cli/output.js';
import { runCli } from '../../src/cli/run.js';
import { captureIo } from '../helpers/capture-io.js';

const RED = '\u001b[31m';

describe('styleFor', () => {
  const cases: Array<[string, { isTty: boolean; env: Record<string, string>; color?: boolean }, boolean]> = [
    ['colours a terminal', { isTty: true, env: {} }, true],
    ['leaves a pipe plain', { isTty: false, env: {} }, false],
    ['leaves a terminal plain under NO_COLOR', { isTty: true, env: { NO_COLOR: '1' } }, false],
    ['ignores an empty NO_COLOR', { isTty: true, env: { NO_COLOR: '' } }, true],
    ['leaves a dumb terminal plain', { isTty: true, env: { TERM: 'dumb' } }, false],
    ['colours a pipe under FORCE_COLOR', { isTty: false, env: { FORCE_COLOR: '1' } }, true],
    ['lets FORCE_COLOR win over NO_COLOR', { isTty: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }, true],
    ['reads FORCE_COLOR=0 as no colour', { isTty: true, env: { FORCE_COLOR: '0' } }, false],
    ['lets --no-color win over FORCE_COLOR', { isTty: true, env: { FORCE_COLOR: '1' }, color: false }, false],
  ];
  for (const [name, { isTty, env, color }, expected] of cases) {
    it(name, () => {
      expect(styleFor({ isTty, env }, color === undefined ? {} : { color }).color).toBe(expected);
    });
  }
});

describe('colour in a real run', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dpac-colour-'));
    await writeFile(
      path.join(dir, 'bad.yaml'),
      'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: x\nspek: {}\n',
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  async function validate(options: { isTty: boolean; env?: Record<string, string>; args?: string[] }) {
    const io = captureIo(dir, options.env ?? {});
    io.isTty = options.isTty;
    const code = await runCli(['validate', 'bad.yaml', ...(options.args ?? [])], io);
    expect(code).toBe(1);
    return io.all();
  }

  it('paints diagnostics on a terminal and nowhere else', async () => {
    expect(await validate({ isTty: true })).toContain(`${RED}error`);
    expect(await validate({ isTty: false })).not.toContain('\u001b[');
    expect(await validate({ isTty: true, env: { NO_COLOR: '1' } })).not.toContain('\u001b[');
    expect(await validate({ isTty: true, args: ['--no-color'] })).not.toContain('\u001b[');
    expect(await validate({ isTty: false, env: { FORCE_COLOR: '1' } })).toContain(`${RED}error`);
  });

  it('never paints JSON', async () => {
    const json = await validate({ isTty: true, env: { FORCE_COLOR: '1' }, args: ['-o', 'json'] });
    expect(json).not.toContain('\u001b[');
    expect(JSON.parse(json)).toMatchObject({ valid: false });
  });
});
