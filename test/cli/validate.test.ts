import { mkdir, mkdtemp, realpath, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import { MAX_DOCUMENTS, MAX_TOTAL_BYTES } from '../../src/manifest/limits.js';
import { captureIo } from '../helpers/capture-io.js';

const HOSTILE = path.resolve(import.meta.dirname, '../fixtures/hostile');

async function validate(cwd: string, args: string[], env: Record<string, string> = {}) {
  const io = captureIo(cwd, env);
  const code = await runCli(['validate', ...args], io);
  return { code, io, text: io.all() };
}

function expectCleanFailure(text: string): void {
  expect(text).not.toContain('internal error');
  expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
}

describe('dpac validate on hostile input', () => {
  const cases: Array<[string, string]> = [
    ['alias-bomb.yaml', 'alias-bomb.yaml:7:9 error: YAML anchors and aliases are not supported in manifests'],
    ['deep-flow.yaml', 'deep-flow.yaml:6:'],
    ['deep-flow-maps.yaml', 'deep-flow-maps.yaml:5:'],
    ['deep-block.yaml', 'deep-block.yaml:7:'],
    [
      'duplicate-keys.yaml',
      'duplicate-keys.yaml:5:3 error: Duplicate key: each key may appear only once in a mapping',
    ],
    ['unknown-tag.yaml', 'unknown-tag.yaml:6:16 error: Unsupported YAML tag !shell'],
    ['proto-key.yaml', 'proto-key.yaml:6:3 error: The key "__proto__" is not allowed'],
    ['nul-byte.yaml', 'nul-byte.yaml:4:11 error: File contains a NUL byte'],
    ['invalid-utf8.yaml', 'invalid-utf8.yaml:4:12 error: File is not valid UTF-8'],
    [
      'undefined-env.yaml',
      'undefined-env.yaml:6:16 error: ${env.DPAC_TEST_SURELY_UNSET_VARIABLE} cannot be read by a manifest',
    ],
  ];

  for (const [file, expected] of cases) {
    it(`refuses ${file} with a located diagnostic and exit 1`, async () => {
      const { code, text } = await validate(HOSTILE, [file]);
      expect(code).toBe(1);
      expect(text).toContain(expected);
      expectCleanFailure(text);
    });
  }

  it('says the deep files are too deep rather than failing elsewhere', async () => {
    for (const file of ['deep-flow.yaml', 'deep-flow-maps.yaml', 'deep-block.yaml']) {
      const { text } = await validate(HOSTILE, [file]);
      expect(text).toContain('Nesting deeper than 64 levels');
    }
  });

  it('never lets a __proto__ key reach an object prototype', async () => {
    await validate(HOSTILE, ['proto-key.yaml']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('dpac validate on oversized input', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await realpath(await mkdtemp(path.join(tmpdir(), 'dpac-hostile-')));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a file with a 2 MiB scalar before parsing it', async () => {
    const big = `apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: big\nspec:\n  description: ${'x'.repeat(2 * 1024 * 1024)}\n`;
    await writeFile(path.join(dir, 'big-scalar.yaml'), big);
    const { code, text } = await validate(dir, ['big-scalar.yaml']);
    expect(code).toBe(1);
    expect(text).toContain('big-scalar.yaml:1:1 error: File is larger than 1 MiB');
    expectCleanFailure(text);
  });

  it('refuses manifests totalling more than 128 MiB without parsing any', async () => {
    const folder = path.join(dir, 'many');
    await mkdir(folder);
    // Sparse files: sizes come from stat, and nothing is read once the total is over the cap.
    for (let i = 0; i <= MAX_TOTAL_BYTES / 1_000_000; i++) {
      const file = path.join(folder, `part-${i}.yaml`);
      await writeFile(file, '');
      await truncate(file, 1_000_000);
    }
    const { code, text } = await validate(dir, ['many']);
    expect(code).toBe(1);
    expect(text).toContain('error: Manifests total more than 128 MiB');
    expectCleanFailure(text);
  });

  it('refuses more than 200,000 documents without parsing them', async () => {
    const folder = path.join(dir, 'docs');
    await mkdir(folder);
    const half = '---\n{}\n'.repeat(MAX_DOCUMENTS / 2 + 1);
    for (const file of ['a.yaml', 'b.yaml']) await writeFile(path.join(folder, file), half);
    const { code, text } = await validate(dir, ['docs']);
    expect(code).toBe(1);
    expect(text).toContain('error: More than 200000 YAML documents');
  });

  it('refuses 1,000-deep block indentation', async () => {
    let text = 'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: deep\nspec:\n';
    for (let i = 1; i <= 1000; i++) text += `${' '.repeat(i)}k:\n`;
    await writeFile(path.join(dir, 'indent.yaml'), text);
    const result = await validate(dir, ['indent.yaml']);
    expect(result.code).toBe(1);
    expect(result.text).toContain('indent.yaml:');
    expect(result.text).toContain('Nesting deeper than 64 levels');
  });
});

describe('dpac validate', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await realpath(await mkdtemp(path.join(tmpdir(), 'dpac-validate-')));
    await writeFile(
      path.join(dir, 'domains.yaml'),
      'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: sales\nspec:\n  description: ${var.team} data\n',
    );
    await writeFile(path.join(dir, 'vars.yaml'), 'team: finance\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('checks names against the platform’s rules: never blank, and the v3 API pattern where it has one', async () => {
    await writeFile(
      path.join(dir, 'names.yaml'),
      [
        'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: "  "\nspec:\n  description: d\n',
        'apiVersion: dpac/v1\nkind: EnvironmentStorage\nmetadata:\n  name: raw zone\n  environment: prod\n',
      ].join('---\n'),
    );
    const { code, text } = await validate(dir, ['names.yaml']);
    expect(code).toBe(1);
    expect(text).toContain('names.yaml:4:9 error: `metadata.name` is not valid: a name cannot be blank');
    expect(text).toContain(
      'names.yaml:11:9 error: `metadata.name` is not valid: use only letters, digits, _ and -',
    );
    expectCleanFailure(text);
  });

  it('prints a one-line summary and exits 0 when the manifests are valid', async () => {
    const { code, io } = await validate(dir, ['domains.yaml', '--var', 'team=sales']);
    expect(code).toBe(0);
    expect(io.stdout).toEqual(['1 resource in 1 file is valid.']);
  });

  it('prints every diagnostic then the count, and exits 1', async () => {
    const { code, io } = await validate(dir, ['domains.yaml']);
    expect(code).toBe(1);
    expect(io.stdout.join('\n')).toBe(
      [
        'domains.yaml:6:16 error: ${var.team} is not defined.',
        "    Define it with --var team=VALUE, in a --var-file, in the target's variables or as a default under `variables:` in dpac.yaml.",
        '1 error, 0 warnings.',
      ].join('\n'),
    );
  });

  it('takes variables from --var-file, and --var over --var-file', async () => {
    const fromFile = await validate(dir, ['domains.yaml', '--var-file', 'vars.yaml', '--json']);
    expect(JSON.parse(fromFile.io.stdout.join(''))).toEqual({
      valid: true,
      root: '.',
      diagnostics: [],
      resources: ['Domain/sales'],
    });
    expect(fromFile.code).toBe(0);
  });

  it('names a --var-file that is missing or a folder, exit 1', async () => {
    await mkdir(path.join(dir, 'vars-folder'), { recursive: true });
    const folder = await validate(dir, ['domains.yaml', '--var-file', 'vars-folder']);
    expect(folder.code).toBe(1);
    expect(folder.text).toContain('--var-file vars-folder: is a folder, not a file');
    const missing = await validate(dir, ['domains.yaml', '--var-file', 'absent.yaml']);
    expect(missing.code).toBe(1);
    expect(missing.text).toContain('--var-file absent.yaml: no such file');
  });

  it('never quotes a --var-file in its errors: a file named by mistake (/etc/shadow) stays unread', async () => {
    const files: Array<[string, string, 'error' | 'warning']> = [
      // An /etc/shadow: each line parses as a key with no value.
      ['shadow', 'root:$6$Xq1CANARY-hash:19000:0:99999:7:::\ndaemon:*CANARY-2:19000:0:99999:7:::\n', 'error'],
      ['tag.yaml', 'pw: !CANARY-tag x\n', 'error'],
      ['escape.yaml', 'pw: "CANARY-\\q-escape"\n', 'error'],
      ['flow.yaml', 'pw: [CANARY-flow\nnext: CANARY-next\n', 'error'],
      ['nested.yaml', 'CANARY-key:\n  CANARY-inner: 1\n', 'error'],
      ['directive.yaml', '%CANARY-directive\n---\npw: x\n', 'warning'],
    ];
    for (const [file, text, severity] of files) {
      await writeFile(path.join(dir, file), text);
      for (const format of [[], ['--json']]) {
        const run = await validate(dir, [
          'domains.yaml',
          '--var',
          'team=sales',
          '--var-file',
          file,
          ...format,
        ]);
        expect(run.text, `${file}: ${run.text}`).not.toContain('CANARY');
        expect(run.code, file).toBe(severity === 'error' ? 1 : 0);
        expect(run.text, file).toContain(`--var-file ${file}`);
        if (format.length === 0)
          expect(run.text).toMatch(new RegExp(`^${file}:\\d+:\\d+ ${severity}: `, 'm'));
      }
    }
  });

  it('prints JSON with --json', async () => {
    const { code, io } = await validate(dir, ['domains.yaml', '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(io.stdout.join(''));
    expect(report.valid).toBe(false);
    expect(report.resources).toEqual([]);
    expect(report.diagnostics[0]).toMatchObject({
      severity: 'error',
      summary: '${var.team} is not defined.',
      source: { file: 'domains.yaml', line: 6, col: 16 },
    });
  });

  it('refuses a malformed --var as a usage error', async () => {
    const { code, text } = await validate(dir, ['domains.yaml', '--var', 'team']);
    expect(code).toBe(1);
    expect(text).toContain('expected NAME=VALUE');
  });

  it('refuses paths outside the project root', async () => {
    const { code, text } = await validate(dir, ['domains.yaml', '../']);
    expect(code).toBe(1);
    expect(text).toContain('../ is outside the project root');
  });

  it('takes the one folder named on the command line as the project root, wherever it is', async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), 'dpac-elsewhere-'));
    try {
      const examples = path.resolve(import.meta.dirname, '../../examples');
      const { code, text } = await validate(elsewhere, [examples]);
      expect(text).toContain('16 resources in 11 files are valid.');
      expect(code).toBe(0);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
