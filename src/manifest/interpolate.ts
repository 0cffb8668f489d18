// `${var.NAME}` and `${env.NAME}` in string values; `$${` is a literal `${`. An undefined
// reference is an error at its location, never "". In sensitive fields `${env.NAME}` stays
// verbatim (the secret is read only when a call is sent) and a literal secret is a warning.
// No message ever contains a substituted value. Every `${env.NAME}` is recorded, so a variable that
// feeds a secret and is also written into a plain field can be warned about and concealed.
import type { Diagnostic } from '../core/diagnostic.js';
import { toPointer } from '../core/json-pointer.js';
import { didYouMean } from './did-you-mean.js';
import type { Locator } from './locator.js';

export interface InterpolationContext {
  vars: Readonly<Record<string, string>>;
  /** What each variable declared in dpac.yaml is for, said when it is missing. */
  varDescriptions?: Readonly<Record<string, string>>;
  /** The scalar type the field at this document path takes when not a string (typed variables). */
  scalarTypeAt?(path: readonly string[]): 'number' | 'boolean' | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether the string at this document path (unescaped segments) is a secret. */
  isSensitive(path: readonly string[]): boolean;
  locator: Locator;
  address?: string;
  /** Receives every `${env.NAME}` reference met, resolved or not. */
  envUses?: EnvUse[];
}

export interface EnvUse {
  name: string;
  /** In a sensitive field (kept as a reference) or a plain one (substituted). */
  sensitive: boolean;
  address?: string;
  /**
   * Where the use is, resolved only for a warning: a position costs a full parse of its file,
   * and the YAML fast path is what keeps 10,000-manifest projects quick.
   */
  locate(): Diagnostic['source'];
}

const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A value that is one `${var.NAME}` and nothing else: it may become a number or a boolean. */
const WHOLE_VAR = /^\$\{var\.[A-Za-z_][A-Za-z0-9_.-]*\}$/;

/** A variable's text as the number or boolean the field takes; anything else stays text. */
function typed(text: string, path: readonly string[], ctx: InterpolationContext): unknown {
  const type = ctx.scalarTypeAt?.(path);
  if (type === 'number' && /^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

const SYNTAX_HINT = 'Write ${var.NAME} or ${env.NAME}; write $${ for a literal ${.';

/**
 * `value` (the whole document) with references substituted. Copy on write: subtrees without a
 * substitution are shared with the input (most manifests have a handful). The path is kept as
 * segments and made a pointer only for a diagnostic: this runs for every string of every manifest.
 */
export function interpolate(
  value: unknown,
  ctx: InterpolationContext,
): { value: unknown; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const path: string[] = [];
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const text = substitute(node, path, ctx, diagnostics);
      return text !== node && WHOLE_VAR.test(node) ? typed(text, path, ctx) : text;
    }
    if (Array.isArray(node)) {
      let out: unknown[] | undefined;
      for (let i = 0; i < node.length; i++) {
        path.push(String(i));
        const next = visit(node[i]);
        path.pop();
        if (next !== node[i]) {
          out ??= node.slice();
          out[i] = next;
        }
      }
      return out ?? node;
    }
    if (node !== null && typeof node === 'object') {
      let out: Record<string, unknown> | undefined;
      for (const key of Object.keys(node)) {
        const child = (node as Record<string, unknown>)[key];
        path.push(key);
        const next = visit(child);
        path.pop();
        if (next !== child) {
          out ??= { ...(node as Record<string, unknown>) };
          out[key] = next;
        }
      }
      return out ?? node;
    }
    return node;
  };
  return { value: visit(value), diagnostics };
}

function substitute(
  text: string,
  path: readonly string[],
  ctx: InterpolationContext,
  out: Diagnostic[],
): string {
  if (!text.includes('$')) return literalCheck(text, path, ctx, out);
  const sensitive = ctx.isSensitive(path);
  const report = (summary: string, detail: string, severity: Diagnostic['severity'] = 'error') =>
    out.push({ severity, summary, detail, address: ctx.address, source: ctx.locator.value(toPointer(path)) });
  let result = '';
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf('$', i);
    if (dollar < 0) {
      result += text.slice(i);
      break;
    }
    result += text.slice(i, dollar);
    if (text.startsWith('$${', dollar)) {
      // In a secret the escape is kept for the apply-time resolver, which honours it too.
      result += sensitive ? '$${' : '${';
      i = dollar + 3;
      continue;
    }
    if (!text.startsWith('${', dollar)) {
      result += '$';
      i = dollar + 1;
      continue;
    }
    const end = text.indexOf('}', dollar + 2);
    if (end < 0) {
      report('Unterminated ${ in a string', SYNTAX_HINT);
      return text;
    }
    const reference = text.slice(dollar + 2, end);
    // On failure the reference stays as written: the document is rejected anyway, never ''.
    const original = text.slice(dollar, end + 1);
    i = end + 1;
    const [namespace, ...rest] = reference.split('.');
    const name = rest.join('.');
    if (namespace === 'var' && VAR_NAME.test(name)) {
      const found = Object.hasOwn(ctx.vars, name) ? ctx.vars[name] : undefined;
      if (found === undefined) {
        const hint = didYouMean(name, Object.keys(ctx.vars));
        const about = ctx.varDescriptions?.[name];
        report(
          `\${var.${name}} is not defined.${hint === undefined ? '' : ` Did you mean \${var.${hint}}?`}`,
          `${about ? `${name}: ${about}. ` : ''}Define it with --var ${name}=VALUE, in a --var-file, in the target's variables or as a default under \`variables:\` in dpac.yaml.`,
        );
        result += original;
      } else result += found;
    } else if (namespace === 'env' && ENV_NAME.test(name)) {
      // The path is the walk's shared stack: its pointer is taken now, the lookup later.
      const pointer = toPointer(path);
      ctx.envUses?.push({ name, sensitive, address: ctx.address, locate: () => ctx.locator.value(pointer) });
      const raw = Object.hasOwn(ctx.env, name) ? ctx.env[name] : undefined;
      const found = typeof raw === 'string' ? raw : undefined;
      // A secret stays a reference, set or not: apply fills it in and checks it is set (reading needs none).
      if (sensitive) result += `\${env.${name}}`;
      else if (found === undefined) {
        report(`\${env.${name}} is not set`, `Set the environment variable ${name}. ${SYNTAX_HINT}`);
        result += original;
      } else result += found;
    } else {
      report(`\${${reference}} is not a valid reference`, SYNTAX_HINT);
      result += original;
    }
  }
  return literalCheck(result, path, ctx, out);
}

function literalCheck(
  value: string,
  path: readonly string[],
  ctx: InterpolationContext,
  out: Diagnostic[],
): string {
  if (ctx.isSensitive(path) && !/\$\{env\.[A-Za-z_][A-Za-z0-9_]*\}/.test(value)) {
    out.push({
      severity: 'warning',
      summary: 'Literal secret in a file; use ${env.NAME}',
      detail:
        'Secrets in manifests end up in version control. Put the value in an environment variable and write ${env.NAME}.',
      address: ctx.address,
      source: ctx.locator.value(toPointer(path)),
    });
  }
  return value;
}

/** Values shorter than this are not concealed: they would match inside ordinary words. */
const MIN_CONCEALED_LENGTH = 3;

/**
 * A variable that feeds a secret field and is also written into a plain field would print the
 * secret wherever that field is shown. Each such plain use is a warning, and the variable's value
 * is returned (value → NAME) so every output can show `${env.NAME}` instead of it.
 */
export function secretEchoes(
  uses: readonly EnvUse[],
  env: Readonly<Record<string, string | undefined>>,
): { diagnostics: Diagnostic[]; secrets: Map<string, string> } {
  const secretNames = new Set(uses.filter((u) => u.sensitive).map((u) => u.name));
  const secrets = new Map<string, string>();
  for (const name of secretNames) {
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value !== undefined && value.length >= MIN_CONCEALED_LENGTH) secrets.set(value, name);
  }
  const diagnostics = uses
    .filter((u) => !u.sensitive && secretNames.has(u.name))
    .map(
      (u): Diagnostic => ({
        severity: 'warning',
        summary: `\${env.${u.name}} feeds a secret field and is also written into this plain field`,
        detail:
          'The platform stores and shows this field in clear. dpac prints its value as ' +
          `\${env.${u.name}} everywhere, but anyone who can read the object can read the secret.`,
        address: u.address,
        source: u.locate(),
      }),
    );
  return { diagnostics, secrets };
}
