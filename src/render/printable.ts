// Text from outside (live names and values, manifests, server messages) made safe to print: control
// characters, escape sequences and bidi overrides are shown escaped (`\n`, `\u001b`, `\u202e`),
// never written raw, so a name can neither forge an output line nor move the cursor, link, ring,
// hide or reorder what a terminal, a log viewer or a pull-request comment shows. Pure.

/**
 * C0 controls (ESC starts every CSI and OSC sequence; BEL ends OSC), DEL, C1 controls (one-byte
 * CSI/OSC for some terminals), the line and paragraph separators, and the bidi marks, embeddings,
 * overrides and isolates (U+061C, U+200E–F, U+202A–E, U+2066–9) that reorder what is shown.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_LINES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(ch: string): string {
  return SHORT[ch] ?? `\\u${(ch.codePointAt(0) as number).toString(16).padStart(4, '0')}`;
}

/** One line of outside text for any output: every unsafe character, newlines included, escaped. */
export function printable(text: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text) ? text.replace(UNSAFE, escaped) : text;
}

/**
 * The colours style.ts paints with (picocolors' bold, dim, red, green, yellow, magenta, cyan and
 * their closings): only colour, never a cursor move, a link or hidden text.
 */
const PALETTE = /\u001b\[(?:1|2|22|3[1-6]|39)m/y;
const UNSAFE_IN_OUTPUT = new RegExp(UNSAFE_BUT_LINES.source, 'g');

/**
 * Everything a command writes, as the last guard before the terminal: the same escaping, but line
 * breaks and tabs stay, and so do the palette's colour codes when colour is on for the run.
 * Outside text is made printable where it is rendered; this catches what reaches output another
 * way (a server's message in an error).
 */
export function terminalSafe(text: string, colour: boolean): string {
  if (!UNSAFE_BUT_LINES.test(text)) return text;
  return text.replace(UNSAFE_IN_OUTPUT, (ch, at: number) => {
    if (colour && ch === '\u001b') {
      PALETTE.lastIndex = at;
      if (PALETTE.test(text)) return ch;
    }
    return escaped(ch);
  });
}
