// Outside text is printed neutralised: control characters and escape sequences shown escaped in
// any output, Markdown specials kept from starting HTML, links, mentions or new lines, and the
// last guard before the terminal keeping only line breaks, tabs and the palette's colours.
import { describe, expect, it } from 'vitest';
import { guardedIo } from '../../src/cli/io.js';
import { code, fenced, htmlCode, markdownText } from '../../src/render/markdown.js';
import { printable, terminalSafe } from '../../src/render/printable.js';
import { paint } from '../../src/render/style.js';
import { captureIo } from '../helpers/capture-io.js';

const ATTACKS: Record<string, string> = {
  'a newline and a fence': 'x\n```\n@octocat',
  'a carriage return': 'ok\rPlan: 0 to destroy',
  'clear screen and cursor moves (CSI)': '\u001b[2J\u001b[1;1H\u001b[3A',
  'an OSC 8 link ended by BEL': '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007',
  'an OSC 8 link ended by ST': '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\',
  'a window title (OSC 0)': '\u001b]0;pwned\u0007',
  BEL: 'ding\u0007',
  'C1 CSI and OSC': '\u009b2J\u009d8;;x\u009c',
  'NEL, a C1 newline': 'a\u0085b',
  DEL: 'a\u007fb',
  'bidi overrides and isolates': '\u202egnp.exe\u202c \u2066x\u2069 \u202a\u202b\u202d\u2067\u2068',
  'bidi marks': '\u200e\u200f\u061c',
  'line and paragraph separators': 'a\u2028b\u2029c',
  'a NUL': 'a\u0000b',
};
const RAW = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('printable', () => {
  it.each(Object.entries(ATTACKS))('shows %s escaped, on one line', (_what, attack) => {
    const shown = printable(`name ${attack} end`);
    expect(RAW.test(shown)).toBe(false);
    expect(shown.startsWith('name ')).toBe(true);
    expect(shown.endsWith(' end')).toBe(true);
  });

  it('escapes visibly and leaves other text as it is (the same string, not a copy)', () => {
    expect(printable('a\nb\tc\u001b[2J\u202e')).toBe('a\\nb\\tc\\u001b[2J\\u202e');
    const plain = 'Table/sales_db/orders — café 😀 "quoted" `code` <b>';
    expect(printable(plain)).toBe(plain);
  });
});

describe('terminalSafe, the guard of everything a command writes', () => {
  it.each(Object.entries(ATTACKS))('leaves no %s raw', (what, attack) => {
    for (const colour of [false, true]) {
      const shown = terminalSafe(`line one\n${attack}\tend`, colour);
      expect(RAW.test(shown.replace(/[\n\t]/g, '')), what).toBe(false);
      expect(shown.startsWith('line one\n')).toBe(true);
    }
  });

  it('keeps the palette colours only when colour is on, and no other sequence', () => {
    const painted = `${paint({ color: true }, 'red', 'gone')} ${paint({ color: true }, 'bold', 'b')}`;
    expect(terminalSafe(painted, true)).toBe(painted);
    expect(terminalSafe(painted, false)).not.toContain('\u001b');
    for (const sequence of ['\u001b[8m', '\u001b[30;40m', '\u001b[38;5;0m', '\u001b[1A', '\u001b[2K']) {
      expect(terminalSafe(`${sequence}hidden`, true)).toBe(`\\u001b${sequence.slice(1)}hidden`);
    }
  });

  it('keeps JSON valid and equal: a raw C1 or bidi character becomes its JSON escape', () => {
    const value = { name: `a\u009bb\u202ec\u2028d\u007f`, other: 'x\ny' };
    const json = JSON.stringify(value, null, 2);
    expect(RAW.test(json.replace(/\n/g, ''))).toBe(true);
    const guarded = terminalSafe(json, false);
    expect(RAW.test(guarded.replace(/\n/g, ''))).toBe(false);
    expect(JSON.parse(guarded)).toEqual(value);
  });

  it('guards out, err, the status line and prompts of a command', async () => {
    const io = captureIo();
    const lines: string[] = [];
    const asked: string[] = [];
    const guarded = guardedIo(
      {
        ...io,
        status: (line) => lines.push(line),
        ask: async (question) => {
          asked.push(question);
          return 'yes';
        },
      },
      false,
    );
    guarded.out('a\u001b[2Jb');
    guarded.err('c\u009bd');
    guarded.status?.('e\u202ef');
    await guarded.ask?.('g\u0007h');
    expect([...io.stdout, ...io.stderr, ...lines, ...asked]).toEqual([
      'a\\u001b[2Jb',
      'c\\u009bd',
      'e\\u202ef',
      'g\\u0007h',
    ]);
  });
});

describe('Markdown from outside text', () => {
  const attack =
    'x\n```\n@octocat hi\n<!-- hide\n<img src=x onerror=alert(1)> [click](https://evil) #12 *b* |c| \\`';

  it('keeps running text on one line, with no HTML, link, emphasis, table cell, mention or reference', () => {
    const shown = markdownText(attack);
    expect(shown).not.toContain('\n');
    expect(shown).not.toMatch(/<(?!\/?code)/);
    expect(shown).not.toMatch(/@\w|#\d/);
    expect(shown).not.toMatch(/(?<!\\)[[\]*|`]/);
    expect(shown).toBe(
      'x\\\\n\\`\\`\\`\\\\n@\u200boctocat hi\\\\n&lt;!-- hide\\\\n&lt;img src=x onerror=alert(1)&gt; \\[click\\](https://evil) #\u200b12 \\*b\\* \\|c\\| \\\\\\`',
    );
  });

  it('makes a code span longer than any backtick run, on one line', () => {
    expect(code(attack)).toMatch(/^```` x\\n```\\n@octocat hi\\n<!-- hide\\n<img [^\n]*\\` ````$/);
    expect(code('`a`')).toBe('`` `a` ``');
  });

  it('fences a block with more backticks than any line holds, each line printable', () => {
    expect(fenced(['c1 PUT /sources/${Source/x\n````\n@octocat.id}', 'c2 DELETE /x'])).toEqual([
      '`````',
      'c1 PUT /sources/${Source/x\\n````\\n@octocat.id}',
      'c2 DELETE /x',
      '`````',
    ]);
    expect(fenced(['+ a', '- b'], 'diff', '  ')).toEqual(['  ````diff', '  + a', '  - b', '  ````']);
  });

  it('writes HTML code for a summary', () => {
    expect(htmlCode('a<b>&\n@c')).toBe('<code>a&lt;b&gt;&amp;\\n@c</code>');
  });
});
