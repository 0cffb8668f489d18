// zod's answer for a valid document, computed without zod's per-field bookkeeping. A 10k-table
// plan parses 10,000 table documents whose every optional key costs zod a payload object and a
// call (the ingestion object alone declares 29); this walks only the keys a document holds.
//
// It never decides that a document is invalid, and it never answers for a schema it does not
// know: any doubt is FAIL, and the caller asks zod (which also words every error). What it does
// answer is zod's own output: the same keys in the same order, defaults filled by zod's nodes,
// zod's own checks and refinements run on the result (test/manifest/fast-parse.test.ts compares
// the two over every example and thousands of broken variants).
import type { z } from 'zod';
import { oncePerSchema } from '../core/zod-def.js';

/** "Ask zod": the value may be invalid, or the schema holds a node this module does not mirror. */
export const FAIL: unique symbol = Symbol('ask zod');

type Parse = (value: unknown) => unknown;
type Node = z.core.$ZodType;

/** `value` parsed by `schema` as zod would on success; FAIL when zod must decide. */
export function fastParse(schema: Node, value: unknown): unknown {
  return parserOf(schema)(value);
}

/** zod's `safeParse`, the fast path first: zod runs only when the fast path cannot vouch. */
export function safeParse<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> {
  const fast = fastParse(schema, value);
  return fast === FAIL ? schema.safeParse(value) : { success: true, data: fast as z.output<T> };
}

const parserOf = oncePerSchema<Node, Parse>((schema) => compile(schema));

/** zod itself, on this node alone (a fresh context per call, as each safeParse has). */
function byZod(schema: Node): Parse {
  return (value) => {
    const result = schema._zod.run({ value, issues: [] }, { async: false });
    if (result instanceof Promise || result.issues.length > 0) return FAIL;
    return result.value;
  };
}

interface Def {
  type: string;
  coerce?: boolean;
  innerType?: Node;
  element?: Node;
  shape?: Record<string, Node>;
  catchall?: Node;
  checks?: z.core.$ZodCheck<unknown>[];
}

function compile(schema: Node): Parse {
  const def = schema._zod.def as unknown as Def;
  // A schema that is itself a check (a string format such as z.email()) runs as zod runs it.
  if (def.coerce || schema._zod.traits.has('$ZodCheck')) return byZod(schema);
  const parse = compileType(schema, def);
  return parse && def.checks?.length ? withChecks(parse, def.checks) : (parse ?? byZod(schema));
}

function compileType(schema: Node, def: Def): Parse | undefined {
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? value : FAIL);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : FAIL);
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? value : FAIL);
    case 'enum':
    case 'literal': {
      const values = schema._zod.values;
      return values ? (value) => (values.has(value as never) ? value : FAIL) : undefined;
    }
    case 'optional': {
      if (!def.innerType || def.innerType._zod.optin === 'defaulted') return undefined;
      const inner = parserOf(def.innerType);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      if (!def.innerType) return undefined;
      const inner = parserOf(def.innerType);
      return (value) => (value === null ? null : inner(value));
    }
    case 'array':
      return def.element ? arrayParser(parserOf(def.element)) : undefined;
    case 'object':
      return objectParser(def);
    default:
      // Defaults, unions, records, pipes, transforms…: zod, on that node.
      return undefined;
  }
}

function arrayParser(element: Parse): Parse {
  return (value) => {
    if (!Array.isArray(value)) return FAIL;
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = element(value[i]);
      if (item === FAIL) return FAIL;
      out[i] = item;
    }
    return out;
  };
}

/**
 * How zod's object parser treats a key by its schema's `optin`/`optout`: required (must be
 * present), optional (absent contributes nothing), defaulted (always parsed, even when absent).
 */
type KeyMode = 'required' | 'optional' | 'defaulted' | 'defaulted-optional' | 'optional-in';

function keyMode(field: Node): KeyMode {
  const { optin, optout } = field._zod;
  if (optin === undefined) return 'required';
  if (optin === 'defaulted') return optout === 'optional' ? 'defaulted-optional' : 'defaulted';
  return optout === 'optional' ? 'optional' : 'optional-in';
}

/** Strict and stripping objects; one with a catchall schema is zod's. Keys in shape order, as zod's. */
function objectParser(def: Def): Parse | undefined {
  const catchall = def.catchall ? (def.catchall._zod.def as unknown as Def).type : undefined;
  if (catchall !== undefined && catchall !== 'never') return undefined;
  const strict = catchall === 'never';
  const shape = def.shape ?? {};
  const fields = Object.entries(shape).map(([key, field]) => ({
    key,
    mode: keyMode(field),
    parse: parserOf(field),
  }));
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return FAIL;
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const { key, mode, parse } of fields) {
      if (key in input) {
        const parsed = parse(input[key]);
        if (parsed === FAIL) return FAIL;
        out[key] = parsed;
        continue;
      }
      if (mode === 'optional') continue;
      if (mode === 'required') return FAIL;
      const parsed = parse(undefined);
      // zod ignores a failure on an absent optional-out key (and then sets nothing).
      if (parsed === FAIL) {
        if (mode === 'defaulted-optional') continue;
        return FAIL;
      }
      if (mode === 'defaulted' || parsed !== undefined) out[key] = parsed;
    }
    if (strict) for (const key in input) if (!Object.hasOwn(shape, key)) return FAIL;
    return out;
  };
}

/** The node's checks (refinements, lengths, patterns) run by zod's own check objects, in order. */
function withChecks(parse: Parse, checks: readonly z.core.$ZodCheck<unknown>[]): Parse {
  return (value) => {
    const parsed = parse(value);
    if (parsed === FAIL) return FAIL;
    const payload: z.core.ParsePayload = { value: parsed, issues: [] };
    for (const check of checks) {
      const when = check._zod.def.when;
      if (when && !when(payload)) continue;
      if ((check._zod.check(payload) as unknown) instanceof Promise) return FAIL;
      if (payload.issues.length > 0) return FAIL;
    }
    return payload.value;
  };
}
