// Generates manifest-like YAML text for differential tests of the fast path: random trees rendered
// in the many ways people (and `dpac export`) write them, with random comments, blank lines,
// document separators and, optionally, random single-character damage.
import fc from 'fast-check';

export type Tree = string | Tree[] | { [key: string]: Tree };

const WORDS = [
  'orders',
  'name',
  'spec',
  'kind',
  'Table',
  'dbo',
  'a b',
  'x',
  'é-accent',
  'value 1',
  "it's",
  'say "hi"',
];
const TRICKY = [
  '',
  '007',
  '0x1F',
  '0o17',
  '1e3',
  '-5',
  '+3',
  '.5',
  '1.50',
  '1_000',
  '0b101',
  '1e999',
  '.inf',
  '-.Inf',
  '.NaN',
  'true',
  'False',
  'TRUE',
  'yes',
  'no',
  'on',
  'null',
  'Null',
  '~',
  'a: b',
  'a:b',
  'a #b',
  'a#b',
  'http://host:1/x',
  '${env.DPAC_X}',
  '$${x}',
  '-x',
  '- x',
  '-',
  '?x',
  ':x',
  '[a]',
  '{b}',
  '...',
  '---',
  '--- x',
  'a\\b',
  'tab\there',
  'multi\nline',
  'multi\nline\n',
  'two\n\nbreaks\n',
  '\nlead',
  'trailing ',
  ' leading',
  '#',
  '@a',
  '`x`',
  '%x',
  '&a',
  '*a',
  '!tag',
  '|',
  '>',
  'a,b',
  'a]',
  'a, b',
  '"',
  "'",
  '\\',
  '01/05/2026',
  'jdbc:sqlserver://h:1433;databaseName=x',
  'emoji 😀',
  '  ',
  'a  b',
  '12:30',
  '-1.5e-3',
];
const KEYS = [
  'name',
  'kind',
  'spec',
  'metadata',
  'apiVersion',
  'tables',
  'a',
  'b-c',
  'd.e',
  'f/g',
  '_h',
  'x1',
  'true',
  'null',
  'Null',
  '1',
  'a b',
  '__proto__',
  'constructor',
  'prototype',
  '~',
  '',
  'k~y',
  'é',
  'quoted:key',
  '$schema',
  'a#b',
  '-dash',
];

/** What `auto` style writes unquoted, as a careful author (or `dpac export`) would. */
const SAFE_PLAIN = /^(?:[A-Za-z_][\w ./${}-]*[\w./}]|[0-9]+|[A-Za-z])$/;

const scalar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 100000 }).map(String) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KEYS.slice(0, 8)) }, fc.constantFrom(...KEYS)),
      tie('node'),
      { maxKeys: 4 },
    ),
  ),
})).node;

/** A chain of nested mappings and sequences, up to past the fast path's depth limit. */
const deep: fc.Arbitrary<Tree> = fc
  .tuple(fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }), scalar)
  .map(([levels, leaf]) => levels.reduce<Tree>((inner, isSeq) => (isSeq ? [inner] : { name: inner }), leaf));

/** Manifests are mappings at the root. */
const root: fc.Arbitrary<Tree> = fc.dictionary(fc.constantFrom(...KEYS.slice(0, 8)), tree, {
  minKeys: 1,
  maxKeys: 5,
});

interface Style {
  indent: number;
  compactSeq: boolean;
  flow: boolean;
  comments: boolean;
  blank: boolean;
  quote: 'auto' | 'plain' | 'single' | 'double' | 'mixed';
}

const style: fc.Arbitrary<Style> = fc.record({
  indent: fc.integer({ min: 1, max: 4 }),
  compactSeq: fc.boolean(),
  flow: fc.boolean(),
  comments: fc.boolean(),
  blank: fc.boolean(),
  quote: fc.constantFrom('auto', 'auto', 'auto', 'plain', 'single', 'double', 'mixed'),
});

/** Renders a tree; choices that depend on position come from `pick` (a seeded sequence). */
function render(value: Tree, s: Style, pick: () => number): string {
  const lines: string[] = [];
  const pad = (n: number) => ' '.repeat(n);
  const scalarText = (v: string, at: number): string[] => {
    const choice =
      s.quote === 'mixed'
        ? ['plain', 'single', 'double', 'block'][pick() % 4]
        : s.quote === 'auto'
          ? SAFE_PLAIN.test(v)
            ? 'plain'
            : v.includes('\n')
              ? 'block'
              : 'single'
          : s.quote;
    if (choice === 'block' || (v.includes('\n') && pick() % 2 === 0)) {
      const body = v
        .split('\n')
        .map((l) => (l === '' ? pad(pick() % (at + s.indent + 2)) : pad(at + s.indent) + l));
      return [v.endsWith('\n') ? '|' : '|-', ...body.slice(0, v.endsWith('\n') ? -1 : undefined)];
    }
    if (choice === 'single') return [`'${v.replaceAll("'", "''")}'`];
    if (choice === 'double')
      return [`"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`];
    return [v];
  };
  const keyText = (k: string) => {
    const q = pick() % 5;
    return q === 0 ? `'${k.replaceAll("'", "''")}'` : q === 1 ? `"${k.replaceAll('"', '\\"')}"` : k;
  };
  const comment = (at: number) => {
    if (s.comments && pick() % 4 === 0) lines.push(`${pad(pick() % 2 ? at : pick() % 6)}# note: x`);
    if (s.blank && pick() % 5 === 0) lines.push(pick() % 2 ? '' : pad(pick() % 5));
  };
  const trailing = () => (s.comments && pick() % 4 === 0 ? ' # trailing' : '');
  const emit = (v: Tree, at: number, lead: string): void => {
    comment(at);
    if (typeof v === 'string') {
      const [first, ...rest] = scalarText(v, at);
      lines.push(`${lead}${first}${trailing()}`, ...rest);
    } else if (Array.isArray(v)) {
      if (v.length === 0 || (s.flow && v.every((i) => typeof i === 'string') && pick() % 2 === 0)) {
        const items = v.map((i) => scalarText(i as string, at)[0]);
        lines.push(`${lead}[${items.join(pick() % 2 ? ', ' : ',')}]${trailing()}`);
        return;
      }
      if (lead !== '') lines.push(lead.trimEnd() + trailing());
      for (const item of v) emitItem(item, at);
    } else {
      const entries = Object.entries(v);
      if (entries.length === 0) {
        lines.push(`${lead}{}${trailing()}`);
        return;
      }
      if (lead !== '') lines.push(lead.trimEnd() + trailing());
      for (const [k, child] of entries) emitEntry(k, child, at);
    }
  };
  const emitEntry = (k: string, child: Tree, at: number): void => {
    const lead = `${pad(at)}${keyText(k)}: `;
    if (typeof child === 'string' || isEmpty(child) || (Array.isArray(child) && s.flow && pick() % 2)) {
      emit(child, at, lead);
    } else {
      const inner = Array.isArray(child) && s.compactSeq ? at : at + s.indent;
      emit(child, inner, lead);
    }
  };
  const emitItem = (item: Tree, at: number): void => {
    if (item !== null && typeof item === 'object' && !Array.isArray(item) && !isEmpty(item) && pick() % 3) {
      // `- key: value` with the rest of the mapping aligned under the first key.
      const [[k, child], ...rest] = Object.entries(item) as [[string, Tree], ...[string, Tree][]];
      const before = lines.length;
      emitEntry(k, child, at + 2);
      const firstLine = lines.findIndex(
        (l, i) => i >= before && l.trim() !== '' && !l.trim().startsWith('#'),
      );
      if (firstLine >= 0) lines[firstLine] = `${pad(at)}- ${(lines[firstLine] as string).slice(at + 2)}`;
      for (const [k2, c2] of rest) emitEntry(k2, c2, at + 2);
      return;
    }
    emit(item, at + s.indent, `${pad(at)}- `);
  };
  emit(value, 0, '');
  return `${lines.join('\n')}\n`;
}

function isEmpty(v: Tree): boolean {
  return typeof v !== 'string' && (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);
}

const SEPARATORS = [
  '---\n',
  '---   \n',
  '--- \n',
  '---\n# between\n',
  '...\n---\n',
  '--- # c\n',
  '---\n---\n',
];
const DAMAGE = [
  ' ',
  '\n',
  '-',
  ':',
  '#',
  "'",
  '"',
  '[',
  ']',
  '{',
  '}',
  ',',
  '|',
  '>',
  '&',
  '*',
  '!',
  '%',
  '@',
  '`',
  '?',
  '~',
  '.',
  '\\',
  '0',
  'a',
  '\t',
  '\r',
  '\u2028',
  '\ufeff',
  '  ',
  ': ',
  '- ',
  '\n  ',
];

/** One file of 1–3 documents drawn from `documents`, in random styles, maybe damaged. */
export function yamlFileOf(documents: fc.Arbitrary<Tree>): fc.Arbitrary<string> {
  return fc
    .record({
      docs: fc.array(fc.record({ value: documents, style }), {
        minLength: 1,
        maxLength: 3,
      }),
      separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 3, maxLength: 3 }),
      leading: fc.constantFrom('', '---\n', '# header\n', '# header\n---\n', '\n'),
      trailing: fc.constantFrom('', '---\n', '# end\n', '\n\n'),
      seed: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
      damage: fc.oneof(
        fc.constant([]),
        fc.array(
          fc.tuple(fc.nat(), fc.constantFrom(...DAMAGE), fc.constantFrom('insert', 'replace', 'delete')),
          {
            maxLength: 2,
          },
        ),
      ),
    })
    .map(({ docs, separators, leading, trailing, seed, damage }) => {
      let n = 0;
      const pick = () => seed[n++ % seed.length] as number;
      let text =
        leading +
        docs
          .map((d) => render(d.value, d.style, pick))
          .reduce((all, doc, i) => `${all}${separators[i - 1]}${doc}`) +
        trailing;
      for (const [at, ch, how] of damage) {
        const i = at % (text.length + 1);
        text =
          how === 'insert'
            ? text.slice(0, i) + ch + text.slice(i)
            : text.slice(0, i) + (how === 'replace' ? ch : '') + text.slice(i + 1);
      }
      return text;
    });
}

/** Mostly manifest-like mappings, some other roots, some deep chains. */
export const yamlFile: fc.Arbitrary<string> = yamlFileOf(
  fc.oneof({ weight: 6, arbitrary: root }, tree, deep),
);
