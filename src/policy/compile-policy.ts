// A policy's rule as a CEL program (the language of Kubernetes ValidatingAdmissionPolicy), run by
// @bufbuild/cel, a conformance-tested implementation: parsed once per rule text, checked for the
// variables it may use (`object`: a manifest, checked at validate; `change`: a planned change,
// checked at plan), and evaluated to true (passes), false (breaks the rule) or an error. The
// library is loaded on the first rule, so a project without policies never pays for it.
import type { CelEnv, CelInput } from '@bufbuild/cel';

/** Which variable a rule reads decides when it runs. */
export type PolicyStage = 'manifest' | 'change';

const STAGE_OF: Readonly<Record<string, PolicyStage>> = { object: 'manifest', change: 'change' };

type RuleOutcome = { pass: true } | { pass: false; error?: string };

export interface CompiledRule {
  stage: PolicyStage;
  /** The rule's outcome with `variable` bound to `value` (JSON-shaped data). */
  evaluate(variable: string, value: unknown): RuleOutcome;
}

/** Type names a rule may use as values (`type(x) == string`). */
const TYPE_NAMES: ReadonlySet<string> = new Set([
  'bool',
  'bytes',
  'double',
  'int',
  'list',
  'map',
  'null_type',
  'string',
  'type',
  'uint',
]);

interface Cel {
  core: typeof import('@bufbuild/cel');
  env: CelEnv;
}

let loading: Promise<Cel> | undefined;

/**
 * The library and one environment for every rule: the strings extension (lowerAscii, trim,
 * split…), as Kubernetes offers it, and `matches` through the same RE2 engine with each pattern
 * compiled once (the library compiles it on every call).
 */
function cel(): Promise<Cel> {
  loading ??= (async () => {
    const [core, ext, { RE2JS }] = await Promise.all([
      import('@bufbuild/cel'),
      import('@bufbuild/cel/ext'),
      import('@bufbuild/re2'),
    ]);
    const patterns = new Map<string, { test(text: string): boolean }>();
    const compile = (pattern: string) => {
      let compiled = patterns.get(pattern);
      if (!compiled) {
        // Patterns are the rules' literals, or data a rule matches against: bounded all the same.
        if (patterns.size >= 1000) patterns.clear();
        compiled = RE2JS.compile(pattern);
        patterns.set(pattern, compiled);
      }
      return compiled;
    };
    return { core, env: core.celEnv({ funcs: ext.strings, re2: { compile } }) };
  })();
  return loading;
}

const cache = new Map<string, CompiledRule | { error: string }>();

/** The compiled rule, or why the text is not a rule (a CEL syntax error, an unknown variable). */
export async function compileRule(text: string): Promise<CompiledRule | { error: string }> {
  let compiled = cache.get(text);
  if (!compiled) {
    compiled = compile(text, await cel());
    cache.set(text, compiled);
  }
  return compiled;
}

function compile(text: string, { core, env }: Cel): CompiledRule | { error: string } {
  let parsed: ReturnType<typeof core.parse>;
  try {
    parsed = core.parse(text);
  } catch (error) {
    return { error: `not valid CEL: ${(error as Error).message.replace(/^<input>:/, 'at ')}` };
  }
  const free = new Set<string>();
  collectFree(parsed.expr, new Set(), free);
  const unknown = [...free].filter((name) => !(name in STAGE_OF) && !TYPE_NAMES.has(name));
  if (unknown.length > 0) {
    return {
      error: `unknown variable ${unknown.join(', ')}: a rule reads \`object\` (the manifest, checked at validate) or \`change\` (a planned change, checked at plan)`,
    };
  }
  const stages = new Set([...free].flatMap((name) => STAGE_OF[name] ?? []));
  if (stages.size > 1) return { error: 'a rule reads `object` or `change`, not both' };
  const stage: PolicyStage = stages.has('change') ? 'change' : 'manifest';
  const program = core.plan(env, parsed);
  return {
    stage,
    evaluate(variable, value) {
      const result = program({ [variable]: value as CelInput });
      if (result === true) return { pass: true };
      if (result === false) return { pass: false };
      if (core.isCelError(result)) return { pass: false, error: result.message };
      return { pass: false, error: `the rule must give true or false, not ${String(result)}` };
    },
  };
}

/** A parsed CEL expression node (cel.expr.Expr), as far as finding its free variables needs. */
interface ExprNode {
  exprKind: { case: string | undefined; value?: unknown };
}

/** Identifiers the expression reads that no comprehension (exists, all, map…) binds. */
function collectFree(expr: ExprNode | undefined, bound: ReadonlySet<string>, out: Set<string>): void {
  if (!expr?.exprKind) return;
  const { case: kind, value } = expr.exprKind;
  if (kind === 'identExpr') {
    const name = (value as { name: string }).name;
    if (!bound.has(name)) out.add(name);
    return;
  }
  if (kind === 'comprehensionExpr') {
    const c = value as Record<string, ExprNode | string | undefined>;
    collectFree(c.iterRange as ExprNode, bound, out);
    collectFree(c.accuInit as ExprNode, bound, out);
    const inner = new Set(bound);
    for (const v of [c.iterVar, c.iterVar2, c.accuVar]) if (typeof v === 'string' && v) inner.add(v);
    for (const part of [c.loopCondition, c.loopStep, c.result]) collectFree(part as ExprNode, inner, out);
    return;
  }
  for (const child of childExprs(value)) collectFree(child, bound, out);
}

/** The sub-expressions of a select, call, list or struct node. */
function childExprs(value: unknown): ExprNode[] {
  if (!value || typeof value !== 'object') return [];
  const out: ExprNode[] = [];
  for (const field of Object.values(value)) {
    for (const item of Array.isArray(field) ? field : [field]) {
      if (isExpr(item)) out.push(item);
      else if (item && typeof item === 'object' && 'keyKind' in item) {
        // A map entry: its key may be an expression, its value is one.
        const entry = item as { keyKind: { value?: unknown }; value?: unknown };
        if (isExpr(entry.keyKind.value)) out.push(entry.keyKind.value);
        if (isExpr(entry.value)) out.push(entry.value);
      }
    }
  }
  return out;
}

function isExpr(value: unknown): value is ExprNode {
  return value !== null && typeof value === 'object' && 'exprKind' in value;
}
