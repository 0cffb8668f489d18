// Names from live state (a domain created straight through the API) and from manifests (a source a
// pull request declares) holding a newline, a Markdown fence, an @mention, an HTML comment and
// terminal escape sequences: every command shows them escaped, on their own line, inside their
// code span or block, and JSON still carries them exactly.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2e, startE2e } from '../helpers/e2e.js';
import { platformApi } from '../helpers/platform-api.js';

/** Cursor moves, clear screen, an OSC 8 link, BEL, a C1 CSI and bidi overrides, after the Markdown attack. */
const hostile = (tag: string): string =>
  `${tag}\n\`\`\`\n@octocat hi\n<!-- hide the rest\n\u001b[2J\u001b[1;1H\u001b]8;;https:evil.example\u0007click\u001b]8;;\u0007\u0007\u009b31m\u202egnp.exe\u2066x\u2069`;
const LIVE = hostile('live');
const DECLARED = hostile('decl');
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const ESCAPED = '\\u001b[2J\\u001b[1;1H\\u001b]8;;https:evil.example\\u0007click';

let e2e: E2e;
let folder: string;

beforeAll(async () => {
  e2e = await startE2e({ seed: 'demo' });
  folder = await e2e.copyExamples();
  expect((await e2e.dpac(['apply', folder, '--auto-approve'])).code).toBe(0);
  const api = await platformApi(e2e.emulator.url);
  await api.send('POST', '/domains', { name: LIVE, description: 'made by hand' });
  // A pull request: a source whose name is the attack, and a prune scope that deletes the live domain.
  const source = (await readFile(path.join(folder, 'sources/sales_db.yaml'), 'utf8')).split('---\n')[0] ?? '';
  await e2e.write(
    'examples/sources/hostile.yaml',
    source
      .replace('name: sales_db', `name: ${JSON.stringify(DECLARED)}`)
      .replace('/iw/sources/sales_db', '/iw/h'),
  );
  const project = await readFile(path.join(folder, 'dpac.yaml'), 'utf8');
  await e2e.write('examples/dpac.yaml', `${project}prune:\n  - kind: Domain\n    name: "live*"\n`);
});
afterAll(() => e2e.close());

/** No raw control character, and no line an injected name starts (Markdown has fences of its own). */
function expectNeutral(text: string, what: string, starts = ['```', '@octocat', '<!--']): void {
  expect(RAW_CONTROL.test(text), `${what}: ${JSON.stringify(text.match(RAW_CONTROL))}`).toBe(false);
  for (const line of text.split('\n')) {
    for (const start of starts) expect(line.startsWith(start), `${what}: ${line}`).toBe(false);
  }
}

/** Markdown as a reader sees it: fenced blocks and code spans taken out. */
function outsideCode(markdown: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(`{3,})/.exec(line)?.[1];
    if (fence) {
      if (new RegExp(`^\\s*${fence}\\s*$`).test(line)) fence = undefined;
    } else if (opening) fence = opening;
    else kept.push(line.replace(/(`+)(?:(?!\1)[\s\S])*?[^`]\1(?!`)/g, ''));
  }
  expect(fence, 'every fenced block is closed').toBeUndefined();
  return kept.join('\n');
}

describe('hostile names in output', () => {
  it('are shown escaped, never raw, in the text plan, the calls, drift, graph and validate', async () => {
    for (const args of [
      ['plan', folder, '--show-calls'],
      ['drift', folder],
      ['graph', folder],
      ['validate', folder],
    ]) {
      const run = await e2e.dpac(args);
      expect(run.code, `${args[0]}: ${run.stderr}`).toBeLessThan(3);
      const text = `${run.stdout}\n${run.stderr}`;
      expectNeutral(text, args[0] as string);
      if (args[0] !== 'validate') expect(text, args[0]).toContain(ESCAPED);
    }
  });

  it('stay inside their code spans and the API calls block in the Markdown plan', async () => {
    const run = await e2e.dpac(['plan', folder, '--markdown']);
    expect(run.code, run.stderr).toBe(0);
    const markdown = run.stdout;
    const lines = markdown.split('\n');
    const calls = lines.indexOf('<details><summary>API calls</summary>');
    const fence = lines[calls + 2] ?? '';
    expect(fence).toMatch(/^`{4,}$/);
    const end = lines.indexOf(fence, calls + 3);
    expect(lines.slice(calls + 3, end).every((line) => /^c\d+ (POST|PUT|PATCH|DELETE) \//.test(line))).toBe(
      true,
    );
    expect(lines.slice(calls + 3, end).join('\n')).toContain('/sources/${Source/decl\\n```\\n@octocat hi');
    expect(lines.slice(end + 1)).toEqual(['', '</details>']);
    const read = outsideCode(markdown);
    for (const attack of ['octocat', '<!--', 'click', 'gnp']) expect(read, read).not.toContain(attack);
    expect(markdown.split('<details>').length).toBe(markdown.split('</details>').length);
    expectNeutral(markdown, 'markdown', ['@octocat', '<!--']);
  });

  it('keep the names exact in JSON', async () => {
    const run = await e2e.dpac(['plan', folder, '--json']);
    const plan = JSON.parse(run.stdout) as { changes: { address: string }[] };
    expect(plan.changes.map((c) => c.address).sort()).toEqual([`Domain/${LIVE}`, `Source/${DECLARED}`]);
  });

  it('are shown escaped in apply progress and summary, and in the export summary', async () => {
    const apply = await e2e.dpac(['apply', folder, '--auto-approve']);
    expect(apply.code, apply.stderr).toBe(0);
    expectNeutral(`${apply.stdout}\n${apply.stderr}`, 'apply');
    expect(apply.stdout).toContain(
      `applied Source/decl\\n\`\`\`\\n@octocat hi\\n<!-- hide the rest\\n${ESCAPED}`,
    );
    const exported = await e2e.dpac(['export', '--out', 'exported']);
    expect(exported.code, exported.stderr).toBe(0);
    expectNeutral(`${exported.stdout}\n${exported.stderr}`, 'export');
    expect(exported.stdout).toContain(`Source/decl\\n\`\`\`\\n@octocat hi`);
  });
});
