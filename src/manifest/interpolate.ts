// `${var.NAME}` and `${env.NAME}` in string values, in one pass over the manifest text at load:
// `$${` is a literal `${`, and nothing a substitution put in is read again (apply never
// interpolates). An undefined reference is an error at its location, never "". A secret field
// (core/field-policy) holds one whole `${env.NAME}`, recorded as a SecretRef that apply resolves,
// or a literal (a warning). `${env.NAME}` in a plain field needs NAME declared non-secret in
// dpac.yaml. dpac's and the CI's own variables are never readable. No message holds a value.
import type { Diagnostic } from '../core/diagnostic.js';
import { toPointer } from '../core/json-pointer.js';
import { ENV_NAME, isReservedVariable, SecretRef } from '../core/secret.js';
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
  /** Environment variables dpac.yaml declares non-secret (`env: true, secret: false`): plain fields may use them. */
  plainEnv: ReadonlySet<string>;
  /** Receives the secret of a secret field, at its document path. */
  secretAt?(path: readonly string[], secret: SecretRef): void;
  /** Receives the name of every variable a secret field refers to. */
  secretVariables?: Set<string>;
}

const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** A secret field's value that is one reference and nothing else. */
const WHOLE_ENV = /^\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}$/;
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
  if (ctx.isSensitive(path)) return secretValue(text, path, ctx, reporter(path, ctx, out));
  if (!text.includes('$')) return text;
  const report = reporter(path, ctx, out);
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
      result += '${';
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
      const found = plainVariable(name, ctx, report);
      result += found ?? original;
    } else {
      report(`\${${reference}} is not a valid reference`, SYNTAX_HINT);
      result += original;
    }
  }
  // One pass: what a variable's value holds (`${env.X}` included) is text, never read again.
  return result;
}

type Report = (summary: string, detail: string, severity?: Diagnostic['severity']) => void;

/** Reports a problem at `path`. Made only for a string that may have one: most have no `$`. */
function reporter(path: readonly string[], ctx: InterpolationContext, out: Diagnostic[]): Report {
  return (summary, detail, severity = 'error') =>
    out.push({ severity, summary, detail, address: ctx.address, source: ctx.locator.value(toPointer(path)) });
}

/**
 * `${env.NAME}` in a plain field: its value is sent, stored and printed in clear, so NAME must be
 * declared non-secret in dpac.yaml (a pull request cannot copy a secret into a printed field),
 * and may never be one of dpac's or the CI system's own variables.
 */
function plainVariable(name: string, ctx: InterpolationContext, report: Report): string | undefined {
  if (isReservedVariable(name)) {
    report(`\${env.${name}} cannot be read by a manifest`, RESERVED_DETAIL);
    return undefined;
  }
  if (!ctx.plainEnv.has(name)) {
    report(
      `\${env.${name}} is in a plain field, whose value is printed in plans and stored in clear`,
      `If ${name} is not a secret, declare it in dpac.yaml: \`variables: { ${name}: { env: true, secret: false } }\`. A secret belongs only in a secret field (a password, a token).`,
    );
    return undefined;
  }
  const raw = Object.hasOwn(ctx.env, name) ? ctx.env[name] : undefined;
  if (typeof raw !== 'string') {
    report(`\${env.${name}} is not set`, `Set the environment variable ${name}. ${SYNTAX_HINT}`);
    return undefined;
  }
  return raw;
}

const RESERVED_DETAIL =
  "dpac's own variables (DPAC_*: credentials, settings) and the CI system's (GITHUB_*, CI_*, …) are never readable from manifests. Give the value its own variable.";

/**
 * A secret field: the whole value is one `${env.NAME}` (kept as a reference, resolved by apply) or
 * a literal (warned about); either way it is recorded as a SecretRef at its path. Anything else
 * (a variable, text around a reference) is an error: a secret is carried whole, by reference.
 */
function secretValue(
  text: string,
  path: readonly string[],
  ctx: InterpolationContext,
  report: Report,
): string {
  const whole = WHOLE_ENV.exec(text);
  if (whole) {
    const name = whole[1] as string;
    ctx.secretVariables?.add(name);
    if (isReservedVariable(name)) report(`\${env.${name}} cannot be read by a manifest`, RESERVED_DETAIL);
    else ctx.secretAt?.(path, SecretRef.fromEnv(name));
    return text;
  }
  if (/(?<!\$)\$\{/.test(text)) {
    report(
      'A secret field takes one ${env.NAME} and nothing else',
      'Put the whole secret in one environment variable and write ${env.NAME}; ${var.…} values and text around a reference would be printed and stored in files.',
    );
    return text;
  }
  const literal = text.replaceAll('$${', '${');
  report(
    'Literal secret in a file; use ${env.NAME}',
    'Secrets in manifests end up in version control. Put the value in an environment variable and write ${env.NAME}.',
    'warning',
  );
  ctx.secretAt?.(path, SecretRef.literal(literal));
  return literal;
}

/** Values shorter than this are not concealed: they would match inside ordinary words. */
const MIN_CONCEALED_LENGTH = 3;

/**
 * The values of the variables secret fields refer to (value → NAME), so every output can show
 * `${env.NAME}` should one of them come back in a plain place (a platform echoing a password).
 * Variables declared non-secret are shown as they are.
 */
export function secretValues(
  names: ReadonlySet<string>,
  env: Readonly<Record<string, string | undefined>>,
  plainEnv: ReadonlySet<string>,
): Map<string, string> {
  const secrets = new Map<string, string>();
  for (const name of names) {
    const value = Object.hasOwn(env, name) ? env[name] : undefined;
    if (value !== undefined && value.length >= MIN_CONCEALED_LENGTH && !plainEnv.has(name))
      secrets.set(value, name);
  }
  return secrets;
}
