// A plan file read back (apply --plan, show): parsed through the plan contract
// (plan/plan-schema.ts) with its signature checked, every problem a diagnostic at file:line:col
// of the file and none of its content quoted. A bad file is the user's to fix, never a crash.
import { LineCounter, parseDocument } from 'yaml';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { toPointer } from '../core/json-pointer.js';
import { PLAN_FORMAT_VERSION } from './plan.js';
import { type Plan, planSchema } from './plan-schema.js';
import { checkSignature } from './sign-plan.js';

/** Problems listed one by one; past this many, a count. */
const MAX_LISTED = 20;

export interface SavedPlanRead {
  plan?: Plan;
  diagnostics: Diagnostic[];
}

export function readSavedPlan(
  text: string,
  file: string,
  options: {
    /** DPAC_PLAN_KEY: the signature must verify with it (checkSignature). */
    key?: string;
    /** false: only read it (show), the signature unchecked. */
    verify: boolean;
  },
): SavedPlanRead {
  const fail = (summary: string, detail: string, source?: SourceLocation): SavedPlanRead => ({
    diagnostics: [{ severity: 'error', summary, detail, ...(source ? { source } : {}) }],
  });
  const notAPlan = 'Give a file written by dpac plan --out, as it was written.';
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    const source = at ? positionOf(text, file, Number(at[1])) : { file, line: 1, col: 1 };
    return fail(`${file} is not a dpac plan: it is not valid JSON`, notAPlan, source);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail(`${file} is not a dpac plan: it holds no JSON object`, notAPlan, { file, line: 1, col: 1 });
  const record = raw as Record<string, unknown>;
  if (record.format_version !== PLAN_FORMAT_VERSION) {
    return fail(
      `${file} is a plan of format ${JSON.stringify(record.format_version) ?? 'none'}; this dpac reads format ${PLAN_FORMAT_VERSION}.`,
      'Run dpac plan again with this version.',
    );
  }
  const unsigned = options.verify ? checkSignature(record, options.key) : [];
  if (unsigned.length > 0) return { diagnostics: unsigned };
  const parsed = planSchema.safeParse(record);
  if (parsed.success) return { plan: parsed.data, diagnostics: [] };
  const locate = locator(text, file);
  const issues = parsed.error.issues;
  const listed = issues.slice(0, MAX_LISTED).map(
    (issue): Diagnostic => ({
      severity: 'error',
      summary: `${file} is not a valid dpac plan: ${toPointer(issue.path.map(String)) || '/'}: ${issue.message}`,
      detail: notAPlan,
      source: locate(issue.path.map(String)),
    }),
  );
  if (issues.length > MAX_LISTED)
    listed.push({
      severity: 'error',
      summary: `… and ${issues.length - MAX_LISTED} more problems in ${file}`,
    });
  return { diagnostics: listed };
}

/** file:line:col of a position in the text. */
function positionOf(text: string, file: string, offset: number): SourceLocation {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { file, line, col: offset - before.lastIndexOf('\n') };
}

/** Where a path into the JSON is (its deepest part present), parsed only when a problem needs it. */
function locator(text: string, file: string): (path: readonly string[]) => SourceLocation {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n).map(keyOf), true) as { range?: [number] } | undefined;
      if (node?.range) {
        const at = lines.linePos(node.range[0]);
        return { file, line: at.line, col: at.col };
      }
    }
    return { file, line: 1, col: 1 };
  };
}

/** A sequence index as a number, so yaml finds the item. */
function keyOf(segment: string): string | number {
  return /^\d+$/.test(segment) ? Number(segment) : segment;
}
