// The command line itself (issue 27, point 19): a bad argument gets its one error, a suggestion
// when it is a typo, and where the usage is — never the whole help; a long option given with one
// dash is named with two; a command is suggested only for a typo of it; every option's default is
// said once; every command that colours accepts --no-color.
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { runCli } from '../../src/cli/run.js';
import { typoOf } from '../../src/manifest/did-you-mean.js';
import { captureIo } from '../helpers/capture-io.js';
import '../../src/cli/commands/index.js';

async function dpac(args: string[]) {
  const io = captureIo(process.cwd(), {});
  const code = await runCli(args, io);
  return { code, stdout: io.stdout.join(''), stderr: io.stderr.join('') };
}

describe('a usage error', () => {
  const cases: Array<[string[], string]> = [
    [
      ['apply', '-auto-approve'],
      "error: unknown option '-auto-approve'\nDid you mean --auto-approve? Long options take two dashes.\nSee dpac apply --help.\n",
    ],
    [
      ['apply', '--auto-aprove'],
      "error: unknown option '--auto-aprove'\nDid you mean --auto-approve?\nSee dpac apply --help.\n",
    ],
    [
      ['plan', '--select', 'Tabel'],
      "error: option '--select <KIND[/NAME]>' argument 'Tabel' is invalid. unknown kind Tabel. Did you mean Table?\nSee dpac plan --help.\n",
    ],
    [['show'], "error: missing required argument 'file'\nSee dpac show --help.\n"],
    [['valdiate'], "error: unknown command 'valdiate'\nDid you mean dpac validate?\nSee dpac --help.\n"],
    [['aply'], "error: unknown command 'aply'\nDid you mean dpac apply?\nSee dpac --help.\n"],
    // Another verb, not a typo of one: no suggestion of what would do something else.
    [['report'], "error: unknown command 'report'\nSee dpac --help.\n"],
  ];
  for (const [args, expected] of cases) {
    it(`prints one error and where the usage is for \`dpac ${args.join(' ')}\``, async () => {
      const run = await dpac(args);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(expected);
      expect(run.stderr).not.toContain('Usage:');
    });
  }

  it('still prints the whole help when asked', async () => {
    const run = await dpac(['apply', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: dpac apply [options] [paths...]');
  });
});

describe('typoOf', () => {
  it('takes one edit (a swap of neighbours is one) for short words, two from 8 characters, or a unique beginning', () => {
    const commands = [
      'init',
      'validate',
      'plan',
      'apply',
      'show',
      'drift',
      'export',
      'graph',
      'schema',
      'emulator',
    ];
    expect(typoOf('pln', commands)).toBe('plan');
    expect(typoOf('grpah', commands)).toBe('graph');
    expect(typoOf('valdaite', commands)).toBe('validate');
    expect(typoOf('emu', commands)).toBe('emulator');
    expect(typoOf('import', commands)).toBeUndefined();
    expect(typoOf('report', commands)).toBeUndefined();
    expect(typoOf('s', commands)).toBeUndefined();
  });
});

describe('the help of every command', () => {
  const program = buildProgram(captureIo(), () => {});

  it('says each default once', () => {
    for (const command of program.commands) {
      for (const item of [...command.options, ...command.registeredArguments]) {
        const twice = item.defaultValue !== undefined && /default/i.test(item.description);
        expect(twice, `${command.name()} ${'flags' in item ? item.flags : item.name()}`).toBe(false);
      }
    }
  });

  it('offers --no-color on every command that prints in colour', () => {
    const plain = new Set(['init', 'schema', 'emulator', 'completion']);
    for (const command of program.commands.filter((c) => !plain.has(c.name())))
      expect(
        command.options.some((o) => o.long === '--no-color'),
        command.name(),
      ).toBe(true);
  });
});
