// The name search of a scoped plan is a necessary condition: a file that spells a name in any way
// YAML allows (quoted, folded, escaped, through a variable) is found; a file without it is not.
import { describe, expect, it } from 'vitest';
import { needleOf, ScannedFile } from '../../src/changes/name-scan.js';
import { parseYaml } from '../../src/manifest/parse-yaml.js';

const context = { vars: { team: 'sales' }, plainEnv: { REGION: 'eu' } };
const scanned = (text: string) => new ScannedFile('f.yaml', Buffer.from(text), context);
const mentions = (text: string, ...names: string[]) => scanned(text).mentions(needleOf(names));

/** The string values a file really holds, as the loader reads them. */
function values(text: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const d of parseYaml({ file: 'f.yaml', path: 'f.yaml', text }).documents) walk(d.value);
  return out;
}

describe('the name search of a scoped plan', () => {
  it('keeps the pieces of a name every spelling keeps', () => {
    expect(needleOf(['sales db', "it's", 'a\\b"c'])).toEqual(['sales', 'db', 'it', 's', 'a', 'b', 'c']);
    expect(needleOf([' '])).toEqual([]);
  });

  it.each([
    ['plain', 'name: bench_src_042\n', 'bench_src_042'],
    ['single-quoted, quote doubled', "name: 'it''s here'\n", "it's here"],
    ['double-quoted, escapes', 'name: "tab\\there \\"q\\""\n', 'tab\there "q"'],
    ['folded over lines', 'name: >-\n  big\n  table\n', 'big table'],
    ['plain over lines', 'description: x\nname: big\n  table\n', 'big table'],
    ['a \\u escape', 'name: "\\u0062ench_src"\n', 'bench_src'],
    ['an escaped line break', 'name: "bench_\\\n  src"\n', 'bench_src'],
  ])('finds a name written %s', (_, text, name) => {
    expect(values(text)).toContain(name);
    expect(mentions(text, name)).toBe(true);
  });

  it('finds a name made of variables, with their values', () => {
    expect(mentions('name: ${var.team}_db\n', 'sales_db')).toBe(true);
    expect(mentions('name: "${var.team}\\u005fdb"\n', 'sales_db')).toBe(true);
    expect(mentions('name: lake-${env.REGION}\n', 'lake-eu')).toBe(true);
  });

  it('needs every piece and every name of a needle, and finds no name a file lacks', () => {
    const text = 'metadata:\n  name: orders\n  source: sales_db\n';
    expect(mentions(text, 'sales_db', 'orders')).toBe(true);
    expect(mentions(text, 'sales_db', 'invoices')).toBe(false);
    expect(mentions(text, 'billing_db')).toBe(false);
    // A variable nobody set leaves the text as written: its value cannot be there.
    expect(mentions('name: ${var.unset}\n', 'sales')).toBe(false);
  });

  it('takes a file it cannot read, or cannot parse where it must, as mentioning anything', () => {
    expect(new ScannedFile('f.yaml', undefined, context).mentions(needleOf(['x']))).toBe(true);
    expect(mentions('name: "\\u00\n  : [', 'anything')).toBe(true);
  });
});
