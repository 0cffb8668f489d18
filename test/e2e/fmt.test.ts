// `dpac fmt` through the real CLI: --check exits 1 listing the unformatted files and changes no
// byte; fmt rewrites them with every comment kept; the manifests mean the same (validate and a
// plan against the emulator agree before and after); the shipped examples and export's output
// are already canonical; a file that does not parse is reported and left alone.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMap, isSeq, parseAllDocuments } from 'yaml';
import { type E2e, startE2e } from '../helpers/e2e.js';

/** Every mapping's keys reversed, mappings in flow style where short, a comment per document: unformatted, same data. */
function scramble(text: string, file: string): string {
  const docs = parseAllDocuments(text);
  if (!Array.isArray(docs)) return text;
  const visit = (node: unknown): void => {
    if (isMap(node)) {
      node.items.reverse();
      node.flow = node.items.length <= 2;
      for (const pair of node.items) visit(pair.value);
    } else if (isSeq(node)) for (const item of node.items) visit(item);
  };
  return docs
    .map((doc, i) => {
      visit(doc.contents);
      if (isMap(doc.contents)) doc.contents.commentBefore = ` ${file}, document ${i + 1}: kept by fmt`;
      if (i > 0) doc.directives.docStart = true;
      return doc.toString();
    })
    .join('');
}

async function yamlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.yaml') && e.name !== 'dpac.yaml')
    .map((e) => path.join(e.parentPath, e.name));
}

describe('dpac fmt', () => {
  let e2e: E2e;
  let files: string[];
  const planJson = async () => {
    const result = await e2e.dpac(['plan', 'examples', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const { created_at: _, ...plan } = JSON.parse(result.stdout);
    return plan;
  };

  beforeAll(async () => {
    e2e = await startE2e({ seed: 'demo' });
    await e2e.copyExamples();
    files = await yamlFiles(path.join(e2e.dir, 'examples'));
  });
  afterAll(() => e2e.close());

  it('finds the shipped examples canonical', async () => {
    const check = await e2e.dpac(['fmt', 'examples', '--check']);
    expect(check.stderr).toBe('');
    expect(check.stdout).toBe('');
    expect(check.code).toBe(0);
  });

  it('--check exits 1 listing the unformatted files and changes nothing; fmt rewrites them, keeping comments and meaning', async () => {
    const canonical = new Map<string, string>();
    for (const file of files) canonical.set(file, await readFile(file, 'utf8'));
    const plan = await planJson();
    const validated = await e2e.dpac(['validate', 'examples', '-o', 'json']);

    const scrambled = files.filter((_, i) => i % 2 === 0);
    for (const file of scrambled)
      await writeFile(file, scramble(canonical.get(file) as string, path.basename(file)));
    const before = new Map<string, string>();
    for (const file of files) before.set(file, await readFile(file, 'utf8'));
    expect(await planJson()).toEqual(plan);

    const check = await e2e.dpac(['fmt', 'examples', '--check']);
    expect(check.code).toBe(1);
    // Named from the current folder, as diagnostics are.
    const relative = (file: string) => path.relative(e2e.dir, file).split(path.sep).join('/');
    expect(check.stdout.split('\n').sort()).toEqual(scrambled.map(relative).sort());
    expect(check.stderr).toContain(
      `${scrambled.length} files are not formatted; run dpac fmt to rewrite them.`,
    );
    for (const file of files) expect(await readFile(file, 'utf8')).toBe(before.get(file));

    const formatted = await e2e.dpac(['fmt', 'examples']);
    expect(formatted.stderr).toBe('');
    expect(formatted.code).toBe(0);
    expect(formatted.stdout.split('\n').sort()).toEqual(scrambled.map(relative).sort());
    for (const file of scrambled) {
      const text = await readFile(file, 'utf8');
      // The examples' own comments and the ones added, each kept.
      const comments = (t: string) => (t.match(/#.*$/gm) ?? []).map((c) => c.trim()).sort();
      expect(comments(text)).toEqual(comments(before.get(file) as string));
      expect(text).toContain(`# ${path.basename(file)}, document 1: kept by fmt`);
      // Only the added comments differ from the canonical file.
      expect(text.replace(/^# \S+, document \d+: kept by fmt\n/gm, '')).toBe(canonical.get(file));
    }
    expect(await planJson()).toEqual(plan);
    expect((await e2e.dpac(['validate', 'examples', '-o', 'json'])).stdout).toBe(validated.stdout);
    expect((await e2e.dpac(['fmt', 'examples', '--check'])).code).toBe(0);
  });

  it("finds export's output canonical", async () => {
    const exported = await e2e.dpac(['export', '--out', 'exported']);
    expect(exported.code, exported.stderr).toBe(0);
    const check = await e2e.dpac(['fmt', 'exported', '--check']);
    expect(check.stdout).toBe('');
    expect(check.code).toBe(0);
  });

  it('reports a file that does not parse at file:line:col and leaves it, formatting the others', async () => {
    await e2e.write('broken/bad.yaml', 'apiVersion: dpac/v1\nkind: Domain\nkind: Domain\n');
    await e2e.write('broken/good.yaml', 'kind: Domain\napiVersion: dpac/v1\nmetadata: {name: ok}\n');
    const result = await e2e.dpac(['fmt', 'broken', '--no-color']);
    expect(result.code).toBe(1);
    // Files are named from the current folder, as every command names them.
    expect(result.stderr).toMatch(/^broken\/bad\.yaml:3:1 error: Duplicate key/m);
    expect(result.stdout).toBe('broken/good.yaml');
    expect(await readFile(path.join(e2e.dir, 'broken/bad.yaml'), 'utf8')).toBe(
      'apiVersion: dpac/v1\nkind: Domain\nkind: Domain\n',
    );
    expect(await readFile(path.join(e2e.dir, 'broken/good.yaml'), 'utf8')).toBe(
      'apiVersion: dpac/v1\nkind: Domain\nmetadata:\n  name: ok\n',
    );
  });
});
