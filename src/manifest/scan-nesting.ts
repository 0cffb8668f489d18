// Cheap pre-scan of YAML text for pathological nesting, so a 10,000-deep document is refused before
// the (recursive) YAML composer sees it. An estimate: the exact depth is checked again after parsing.

export interface NestingHit {
  line: number;
  col: number;
  depth: number;
}

interface ScanState {
  flow: number;
  quote: '"' | "'" | undefined;
  indents: number[];
  /** Indentation of the line that opened a block scalar (`|`, `>`), while inside one. */
  blockScalarParent: number | undefined;
}

/** The first place where the estimated depth exceeds `max`, or undefined. O(length), no recursion. */
export function findDeepNesting(text: string, max: number): NestingHit | undefined {
  const state: ScanState = { flow: 0, quote: undefined, indents: [], blockScalarParent: undefined };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const hit = scanLine(lines[i] ?? '', state, max);
    if (hit) return { line: i + 1, col: hit.col, depth: hit.depth };
  }
  return undefined;
}

function scanLine(line: string, state: ScanState, max: number): { col: number; depth: number } | undefined {
  const indent = line.length - line.trimStart().length;
  const content = line.trim();
  if (state.flow === 0 && state.quote === undefined) {
    if (/^(---|\.\.\.)(\s|$)/.test(line)) {
      state.indents = [];
      state.blockScalarParent = undefined;
      return undefined;
    }
    if (content === '' || content.startsWith('#')) return undefined;
    if (state.blockScalarParent !== undefined) {
      if (indent > state.blockScalarParent) return undefined;
      state.blockScalarParent = undefined;
    }
    while (state.indents.length > 0 && (state.indents[state.indents.length - 1] ?? 0) >= indent)
      state.indents.pop();
    state.indents.push(indent);
  }
  let block = state.flow === 0 && state.quote === undefined ? state.indents.length : 0;
  // '' means "a value may start here": line start, or after an indicator (`- `, `? `, `: `).
  let previous = state.flow === 0 && state.quote === undefined ? '' : '?';
  for (let col = indent; col < line.length; col++) {
    const ch = line[col] ?? '';
    if (state.quote === '"') {
      if (ch === '\\') col++;
      else if (ch === '"') state.quote = undefined;
      continue;
    }
    if (state.quote === "'") {
      if (ch === "'" && line[col + 1] === "'") col++;
      else if (ch === "'") state.quote = undefined;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r') continue;
    if (ch === '#' && (col === 0 || line[col - 1] === ' ' || line[col - 1] === '\t')) break;
    const indicator = (ch === '-' || ch === '?' || ch === ':') && isBlank(line[col + 1]);
    const valueStart = previous === '' || (state.flow > 0 && '[{,'.includes(previous));
    // Inside a flow collection every bracket is structure; in block context only at a value start.
    if ((ch === '[' || ch === '{') && (valueStart || state.flow > 0)) state.flow++;
    else if ((ch === ']' || ch === '}') && state.flow > 0) state.flow--;
    else if ((ch === '"' || ch === "'") && valueStart) state.quote = ch;
    else if (ch === '-' && indicator && previous === '' && state.flow === 0) block++;
    else if ((ch === '|' || ch === '>') && previous === '' && state.flow === 0)
      state.blockScalarParent = indent;
    previous = indicator ? '' : ch;
    if (block + state.flow > max) return { col: col + 1, depth: block + state.flow };
  }
  return undefined;
}

function isBlank(ch: string | undefined): boolean {
  return ch === undefined || ch === ' ' || ch === '\t' || ch === '\r';
}
