// Seeded, reproducible fault injection for /v3 calls (never /_emulator/* nor /v3/security/*).
//
// Spec syntax: comma-separated `kind=probability[@scope]` plus `seed=NAME` and `latency=MS`.
//   kinds: 5xx (half before commit: handler not run; half after: handler runs, then 500/503),
//          reset (socket destroyed, likewise before/after commit), hang (never answers), 429
//          (with Retry-After: 1).
//   scope: a method (`@POST`), a path glob relative to /v3 (`@/sources*`, `*` = any characters),
//          or both separated by a space or colon (`@POST:/sources*`). A kind may repeat with
//          different scopes. Example: "5xx=0.2@POST,reset=0.05,hang=0.02,429=0.03,seed=7".
// One PRNG draw picks the fault for a request (probabilities of matching rules add up in spec
// order); a second draw splits before/after commit and 500/503, so the same seed and the same
// request sequence give the same faults.
import { EmuError } from './errors.js';

export type FaultKind = '5xx' | 'reset' | 'hang' | '429';
export type Fault =
  | { kind: 'none' }
  | { kind: '5xx'; afterCommit: boolean; status: 500 | 503 }
  | { kind: 'reset'; afterCommit: boolean }
  | { kind: 'hang' }
  | { kind: '429' };

interface Rule {
  kind: FaultKind;
  probability: number;
  method?: string;
  path?: RegExp;
}

export interface FaultSpec {
  rules: Rule[];
  seed: string;
  latencyMs?: number;
}

const KINDS: readonly string[] = ['5xx', 'reset', 'hang', '429'];

function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = { rules: [], seed: '0' };
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = eq === -1 ? part : part.slice(0, eq).trim();
    const rest = eq === -1 ? '' : part.slice(eq + 1).trim();
    if (key === 'seed') spec.seed = rest;
    else if (key === 'latency') spec.latencyMs = toNumber(rest, part);
    else if (KINDS.includes(key)) {
      const [value = '', scope] = rest.split('@');
      const probability = toNumber(value, part);
      if (probability < 0 || probability > 1) throw invalid(part);
      spec.rules.push({ kind: key as FaultKind, probability, ...parseScope(scope) });
    } else throw invalid(part);
  }
  return spec;
}

function parseScope(scope: string | undefined): { method?: string; path?: RegExp } {
  if (!scope) return {};
  const out: { method?: string; path?: RegExp } = {};
  for (const token of scope.split(/[\s:]+/).filter(Boolean)) {
    if (token.startsWith('/')) {
      const body = token.replace(/^\/v3(?=\/)/, '').replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      out.path = new RegExp(`^${body.replace(/\*/g, '.*')}$`);
    } else out.method = token.toUpperCase();
  }
  return out;
}

function toNumber(text: string, part: string): number {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw invalid(part);
  return value;
}

function invalid(part: string): EmuError {
  return new EmuError(400, 'IW10006', `Invalid fault spec entry '${part}'`);
}

/** mulberry32 over a 32-bit FNV-1a hash of the seed string. */
function prng(seed: string): () => number {
  let state = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Faults {
  private spec: FaultSpec = { rules: [], seed: '0' };
  private random: () => number = prng('0');

  constructor(text?: string) {
    if (text) this.set(text);
  }

  set(text: string): void {
    this.spec = parseFaultSpec(text);
    this.random = prng(this.spec.seed);
  }

  get latencyMs(): number | undefined {
    return this.spec.latencyMs;
  }

  /** Draws the fault for one /v3 request (path relative to /v3). */
  decide(method: string, path: string): Fault {
    const rules = this.spec.rules.filter(
      (rule) => (!rule.method || rule.method === method) && (!rule.path || rule.path.test(path)),
    );
    if (rules.length === 0 || path.startsWith('/security')) return { kind: 'none' };
    const draw = this.random();
    let cumulative = 0;
    for (const rule of rules) {
      cumulative += rule.probability;
      if (draw < cumulative) return this.shape(rule.kind);
    }
    return { kind: 'none' };
  }

  private shape(kind: FaultKind): Fault {
    switch (kind) {
      case '5xx': {
        const split = this.random();
        return { kind, afterCommit: split >= 0.5, status: split % 0.5 < 0.25 ? 500 : 503 };
      }
      case 'reset':
        return { kind, afterCommit: this.random() >= 0.5 };
      case 'hang':
      case '429':
        return { kind };
      default: {
        const never: never = kind;
        throw new Error(`unknown fault ${String(never)}`);
      }
    }
  }
}
