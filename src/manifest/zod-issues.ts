// Turns zod 4 issues into diagnostics located in the YAML: the value for a wrong type or value,
// the key for an unknown field. Summaries say what is wrong; details say how to fix it. Values
// from the file are never echoed (they may be secrets); only schema facts are.
import type { z } from 'zod';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { displayPath, toPointer, valueAt } from '../core/json-pointer.js';
import { didYouMean } from './did-you-mean.js';
import type { Locator } from './locator.js';
import { descriptionAt, knownKeysAt } from './schema-at-path.js';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

export interface IssueContext {
  /** The schema that was parsed (paths are relative to it). */
  schema: z.core.$ZodType;
  /** The input that was parsed. */
  data: unknown;
  locator: Locator;
  address?: string;
}

export function issuesToDiagnostics(issues: readonly Issue[], ctx: IssueContext): Diagnostic[] {
  return issues.flatMap((issue) => describeIssue(issue, [], ctx));
}

function describeIssue(issue: Issue, prefix: Path, ctx: IssueContext): Diagnostic[] {
  const path = [...prefix, ...issue.path];
  const field = fieldName(path);
  const about = descriptionAt(ctx.schema, path);
  const diag = (
    summary: string,
    detail: string | undefined,
    source: SourceLocation | undefined,
  ): Diagnostic => ({
    severity: 'error',
    summary,
    detail: [detail, about].filter(Boolean).join(' ') || undefined,
    address: ctx.address,
    source,
  });
  const at = valueLocation(ctx, path);
  switch (issue.code) {
    case 'invalid_type': {
      const actual = valueAt(ctx.data, path);
      if (actual === undefined) {
        return [
          diag(
            `${field} is required`,
            `Add \`${String(path[path.length - 1] ?? field)}\` (${typeName(issue.expected)}).`,
            ctx.locator.nearest(toPointer(path)),
          ),
        ];
      }
      return [
        diag(`${field} must be ${typeName(issue.expected)}, not ${kindOfValue(actual)}`, undefined, at),
      ];
    }
    case 'invalid_value': {
      const allowed = issue.values.map((v) => JSON.stringify(v));
      const actual = valueAt(ctx.data, path);
      const hint = typeof actual === 'string' ? didYouMean(actual, issue.values.map(String)) : undefined;
      const summary =
        allowed.length === 1
          ? `${field} must be ${allowed[0]}`
          : `${field} is not one of the allowed values.${hint === undefined ? '' : ` Did you mean ${JSON.stringify(hint)}?`}`;
      return [diag(summary, allowed.length === 1 ? undefined : `Allowed values: ${allowed.join(', ')}.`, at)];
    }
    case 'unrecognized_keys': {
      const known = knownKeysAt(ctx.schema, path);
      return issue.keys.map((key) => {
        const hint = didYouMean(key, known);
        return {
          severity: 'error' as const,
          summary: `Unknown field ${fieldName([...path, key])}.${hint === undefined ? '' : ` Did you mean \`${hint}\`?`}`,
          // Kinds that check a field by hand (a refinement) name its keys in the message instead.
          detail: known.length > 0 ? `Known fields here: ${known.join(', ')}.` : `${issue.message}.`,
          address: ctx.address,
          source: ctx.locator.key(toPointer([...path, key])) ?? at,
        };
      });
    }
    case 'invalid_union':
      return describeUnion(issue, path, ctx, diag, at);
    case 'too_small':
      return [
        diag(`${field} ${sizeText(issue.origin, 'least', issue.minimum, issue.inclusive)}`, undefined, at),
      ];
    case 'too_big':
      return [
        diag(`${field} ${sizeText(issue.origin, 'most', issue.maximum, issue.inclusive)}`, undefined, at),
      ];
    case 'invalid_format':
      return [diag(`${field} is not valid: ${formatText(issue)}`, undefined, at)];
    case 'not_multiple_of':
      return [diag(`${field} must be a multiple of ${String(issue.divisor)}`, undefined, at)];
    case 'invalid_key':
      return issue.issues.flatMap((inner) =>
        describeIssue(inner, path, ctx).map((d) => ({
          ...d,
          summary: `Invalid key in ${field}: ${d.summary}`,
        })),
      );
    case 'invalid_element':
      return issue.issues.flatMap((inner) => describeIssue(inner, path, ctx));
    case 'custom':
      return [diag(`${field}: ${issue.message}`, undefined, at)];
    default: {
      const unknown: never = issue;
      return [diag(`${field} is not valid`, String((unknown as Issue).message), at)];
    }
  }
}

/** Report the alternative the value came closest to; if it matched none by type, say which types fit. */
function describeUnion(
  issue: Extract<Issue, { code: 'invalid_union' }>,
  path: Path,
  ctx: IssueContext,
  diag: (summary: string, detail: string | undefined, source: SourceLocation | undefined) => Diagnostic,
  at: SourceLocation | undefined,
): Diagnostic[] {
  const field = fieldName(path);
  if (issue.errors.length === 0) {
    const discriminator = 'discriminator' in issue ? issue.discriminator : undefined;
    if (discriminator) {
      const options = 'options' in issue && issue.options ? issue.options.map((o) => JSON.stringify(o)) : [];
      return [
        diag(
          `${fieldName([...path, discriminator])} is not one of the allowed values`,
          options.length > 0 ? `Allowed values: ${options.join(', ')}.` : undefined,
          ctx.locator.value(toPointer([...path, discriminator])) ?? at,
        ),
      ];
    }
    return [diag(`${field} matches more than one alternative`, 'Make the value unambiguous.', at)];
  }
  const scored = issue.errors.map((branch) => ({ branch, score: branchScore(branch) }));
  const best = scored.reduce((a, b) => (b.score < a.score ? b : a));
  if (best.score >= TYPE_MISMATCH) {
    const expected = [
      ...new Set(
        issue.errors
          .flatMap((b) => b.filter((i) => i.code === 'invalid_type' && i.path.length === 0))
          .map((i) => typeName((i as { expected: string }).expected)),
      ),
    ];
    return [
      diag(
        `${field} must be ${expected.join(' or ')}, not ${kindOfValue(valueAt(ctx.data, path))}`,
        undefined,
        at,
      ),
    ];
  }
  return best.branch.flatMap((inner) => describeIssue(inner, path, ctx));
}

const TYPE_MISMATCH = 1000;

function branchScore(branch: readonly Issue[]): number {
  let score = branch.length;
  for (const i of branch) {
    if (i.code === 'invalid_type' && i.path.length === 0) score += TYPE_MISMATCH;
    // A wrong literal usually means a different alternative was meant (a discriminator).
    if (i.code === 'invalid_value' && i.path.length === 1) score += 1;
  }
  return score;
}

function valueLocation(ctx: IssueContext, path: Path): SourceLocation | undefined {
  const pointer = toPointer(path);
  return ctx.locator.value(pointer) ?? ctx.locator.nearest(pointer);
}

function fieldName(path: Path): string {
  return path.length === 0 ? 'The document' : `\`${displayPath(path)}\``;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
  tuple: 'a list',
  null: 'null',
  nonoptional: 'a value',
};

function typeName(expected: string): string {
  return TYPE_NAMES[expected] ?? expected;
}

function kindOfValue(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a decimal number';
  if (typeof value === 'boolean') return 'a boolean';
  return `a ${typeof value}`;
}

function sizeText(origin: string, bound: 'least' | 'most', limit: number | bigint, inclusive = true): string {
  const n = Number(limit);
  if (origin === 'string') {
    if (bound === 'least' && n === 1) return 'must not be empty';
    return `must be at ${bound} ${n} characters long`;
  }
  if (origin === 'array' || origin === 'set') {
    if (bound === 'least' && n === 1) return 'must have at least one item';
    return `must have at ${bound} ${n} items`;
  }
  if (!inclusive) return `must be ${bound === 'least' ? 'greater' : 'less'} than ${n}`;
  return `must be at ${bound} ${n}`;
}

function formatText(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  // Custom regex messages (`.regex(re, 'use only letters…')`) are written for humans; keep them.
  if (!issue.message.startsWith('Invalid')) return issue.message;
  if (issue.format === 'regex' && issue.pattern) return `must match ${issue.pattern}`;
  return `expected ${issue.format}`;
}
