// One output contract: `-o/--output` picks the view of plan, show, drift, validate, export and
// graph; the older flags are aliases giving the very same bytes; a format a command does not offer,
// or two format flags at once, is a usage error naming the allowed values.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressFrom } from '../../src/core/address.js';
import { renderUnmanaged } from '../../src/render/render-unmanaged.js';
import { type E2e, startE2e } from '../helpers/e2e.js';

let e2e: E2e;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  await e2e.copyExamples();
  expect((await e2e.dpac(['plan', 'examples', '--out', 'saved.json'])).code).toBe(0);
});
afterAll(() => e2e.close());

describe('-o json and the older flags', () => {
  // A plan is stamped with the time it was made: freeze the clock (only Date) so two runs agree.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-02T03:04:05.000Z'));
  });
  afterAll(() => vi.useRealTimers());

  const pairs: Array<[string, string[], string[]]> = [
    ['plan', ['plan', 'examples', '-o', 'json'], ['plan', 'examples', '--json']],
    ['show', ['show', 'saved.json', '-o', 'json'], ['show', 'saved.json', '--json']],
    ['drift', ['drift', 'examples', '-o', 'json'], ['drift', 'examples', '--format', 'json']],
    ['validate', ['validate', 'examples', '-o', 'json'], ['validate', 'examples', '--json']],
    ['plan (markdown)', ['plan', 'examples', '--output', 'markdown'], ['plan', 'examples', '--markdown']],
    ['graph (dot)', ['graph', 'examples', '-o', 'dot'], ['graph', 'examples', '--format', 'dot']],
  ];
  for (const [name, withOutput, withAlias] of pairs) {
    it(`gives identical bytes for ${name}`, async () => {
      const a = await e2e.dpac(withOutput);
      const b = await e2e.dpac(withAlias);
      expect(a.stderr).toBe('');
      expect(a.stdout.length).toBeGreaterThan(0);
      expect(a.code).toBe(b.code);
      expect(a.stdout).toBe(b.stdout);
    });
  }

  it('prints the JSON the saved plan holds', async () => {
    const shown = await e2e.dpac(['show', 'saved.json', '-o', 'json']);
    const saved = await import('node:fs/promises').then((fs) => fs.readFile(`${e2e.dir}/saved.json`, 'utf8'));
    expect(`${shown.stdout}\n`).toBe(saved);
  });
});

describe('a format a command does not offer', () => {
  const cases: Array<[string[], string]> = [
    [['plan', 'examples', '-o', 'dot'], 'Allowed choices are text, json, markdown.'],
    [['show', 'saved.json', '-o', 'yaml'], 'Allowed choices are text, json, markdown.'],
    [['drift', 'examples', '--output', 'mermaid'], 'Allowed choices are text, json, markdown.'],
    [['validate', 'examples', '-o', 'markdown'], 'Allowed choices are text, json.'],
    [['export', '--out', 'x', '-o', 'markdown'], 'Allowed choices are text, json.'],
    [['graph', 'examples', '-o', 'json'], 'Allowed choices are mermaid, dot.'],
    [['drift', 'examples', '--format', 'yaml'], 'Allowed choices are text, json, markdown.'],
  ];
  for (const [args, allowed] of cases) {
    it(`refuses \`dpac ${args.join(' ')}\` as a usage error naming the allowed values`, async () => {
      const seq = e2e.lastSeq();
      const run = await e2e.dpac(args);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`argument '${args.at(-1)}' is invalid. ${allowed}`);
      expect(run.stdout).toBe('');
      expect(e2e.writesSince(seq)).toEqual([]);
    });
  }

  it('refuses two format flags at once, even when they agree', async () => {
    for (const args of [
      ['plan', 'examples', '--json', '-o', 'markdown'],
      ['plan', 'examples', '--json', '--markdown'],
      ['show', 'saved.json', '--json', '-o', 'json'],
      ['drift', 'examples', '--format', 'json', '-o', 'text'],
    ]) {
      const run = await e2e.dpac(args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.stderr).toMatch(/error: option '.+' cannot be used with option '.+'/);
    }
  });
});

describe('the collapsed list of unmanaged objects', () => {
  it('points to an option that plan and drift, the commands printing it, both take', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({
      address: addressFrom(`Domain/d${i}`),
      kind: 'Domain' as const,
      reason: 'not owned',
    }));
    const hint = renderUnmanaged(many, { color: false })
      .at(-1)
      ?.match(/\(see (.+)\)$/)?.[1];
    expect(hint).toBe('-o json');
    for (const command of ['plan', 'drift']) {
      const run = await e2e.dpac([command, 'examples', ...(hint as string).split(' ')]);
      expect(run.stderr, command).toBe('');
      expect(() => JSON.parse(run.stdout), command).not.toThrow();
    }
  });
});

describe('--help', () => {
  const help = async (command: string) => (await e2e.dpac([command, '--help'])).stdout.replace(/\s+/g, ' ');

  it('documents -o with its formats and the older flags as aliases', async () => {
    const plan = await help('plan');
    expect(plan).toContain(
      '-o, --output <format> output format (default: text) (choices: "text", "json", "markdown")',
    );
    expect(plan).toContain('--json alias of --output json');
    expect(plan).toContain('--markdown alias of --output markdown');
    const graph = await help('graph');
    expect(graph).toContain(
      '-o, --output <format> output format (default: mermaid) (choices: "mermaid", "dot")',
    );
    expect(graph).toContain('--format <format> alias of --output');
  });
});

describe('export -o json', () => {
  afterEach(async () => {
    await import('node:fs/promises').then((fs) =>
      fs.rm(`${e2e.dir}/exported`, { recursive: true, force: true }),
    );
  });

  it('lists what it wrote as JSON, with the same facts as the text summary', async () => {
    const json = await e2e.dpac(['export', '--out', 'exported', '-o', 'json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as {
      out: string;
      objects: number;
      counts: Record<string, number>;
      files: string[];
      variables: { name: string; address: string; pointer: string }[];
    };
    expect(summary.out).toBe('exported');
    expect(summary.objects).toBe(Object.values(summary.counts).reduce((a, b) => a + b, 0));
    expect(summary.files.length).toBeGreaterThan(0);

    const text = await e2e.dpac(['export', '--out', 'exported', '--force']);
    expect(text.stdout).toContain(
      `Exported ${summary.objects} objects to exported in ${summary.files.length} files:`,
    );
    for (const v of summary.variables)
      expect(text.stdout).toMatch(new RegExp(`  ${v.name} +${v.address} ${v.pointer}`));
  });
});
