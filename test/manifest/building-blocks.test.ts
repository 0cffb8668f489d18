import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { displayPath, parsePointer, toPointer } from '../../src/core/json-pointer.js';
import { didYouMean, editDistance } from '../../src/manifest/did-you-mean.js';
import { Locator } from '../../src/manifest/locator.js';
import { findDeepNesting } from '../../src/manifest/scan-nesting.js';
import { toPlain } from '../../src/manifest/to-plain.js';

function locate(text: string): Locator {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  return new Locator('f.yaml', toPlain(doc.contents, 'f.yaml', lines).nodes);
}

describe('locate', () => {
  const locator = locate(
    'spec:\n  tables:\n    - name: orders\n      "a/b": 1\n  empty:\n  flow: { x: [1, 2] }\n',
  );

  it('finds values and keys by JSON pointer, 1-based', () => {
    expect(locator.value('/spec/tables/0/name')).toEqual({ file: 'f.yaml', line: 3, col: 13 });
    expect(locator.key('/spec/tables/0/name')).toEqual({ file: 'f.yaml', line: 3, col: 7 });
    expect(locator.value('/spec/tables/0/a~1b')).toEqual({ file: 'f.yaml', line: 4, col: 14 });
    expect(locator.value('/spec/flow/x/1')).toEqual({ file: 'f.yaml', line: 6, col: 18 });
  });

  it('locates an empty value on its key line, and a missing field at its nearest written ancestor', () => {
    expect(locator.value('/spec/empty')).toEqual({ file: 'f.yaml', line: 5, col: 9 });
    expect(locator.value('/spec/tables/0/missing')).toBeUndefined();
    expect(locator.nearest('/spec/tables/0/missing')).toEqual({ file: 'f.yaml', line: 3, col: 7 });
    expect(locator.nearest('/other/x', '/other')).toBeUndefined();
  });
});

describe('JSON pointers', () => {
  it('escapes ~ and / and renders paths for humans', () => {
    expect(toPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(parsePointer('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(displayPath(['spec', 'tables', 0, 'name'])).toBe('spec.tables[0].name');
  });
});

describe('did you mean', () => {
  it('suggests the closest candidate within a third of the length', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(didYouMean('Tabel', ['Table', 'Source'])).toBe('Table');
    expect(didYouMean('conection', ['connection', 'tags'])).toBe('connection');
    expect(didYouMean('zzz', ['Table', 'Source'])).toBeUndefined();
  });
});

describe('nesting pre-scan', () => {
  it('finds flow and block nesting past the limit', () => {
    expect(findDeepNesting(`a: ${'['.repeat(70)}`, 64)).toMatchObject({ line: 1 });
    expect(findDeepNesting(`${'- '.repeat(70)}x`, 64)).toMatchObject({ line: 1 });
    const indented = Array.from({ length: 70 }, (_, i) => `${' '.repeat(i)}k:`).join('\n');
    expect(findDeepNesting(indented, 64)).toMatchObject({ line: 65, depth: 65 });
  });

  it('ignores brackets in plain scalars, quotes and comments, and indentation inside block scalars', () => {
    const many = (s: string) => Array.from({ length: 100 }, () => s).join('\n');
    expect(findDeepNesting(many('pattern: a[b[c{d'), 64)).toBeUndefined();
    expect(findDeepNesting(many(`q: "[[[[" # [[[[`), 64)).toBeUndefined();
    const ascii = `art: |\n${Array.from({ length: 100 }, (_, i) => `${' '.repeat(i + 2)}x`).join('\n')}\nnext: 1`;
    expect(findDeepNesting(ascii, 64)).toBeUndefined();
  });
});
