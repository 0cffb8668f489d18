// A secret as dpac carries it: by reference. A manifest's secret field becomes a SecretRef when it
// is loaded (core/field-policy says which fields are secrets); the kinds put it into call bodies
// like any value; the plan turns it into display text plus a `fill` at its JSON pointer; apply
// reads the environment variable at exactly that pointer, just before the call is sent. Printing,
// serialising or hashing a SecretRef shows only `${env.NAME}` or `(sensitive)`: the value of a
// secret written literally in a manifest is held in a private field and read only by apply.
import { replaceNodes } from './json-pointer.js';

/** What a secret reads wherever its value would show and no variable names it. */
export const REDACTED = '(sensitive)';

export class SecretRef {
  readonly #literal: string | undefined;

  private constructor(
    /** The environment variable apply reads, or undefined for a secret written literally. */
    readonly variable: string | undefined,
    literal: string | undefined,
  ) {
    this.#literal = literal;
  }

  /** `${env.NAME}` in a secret field. */
  static fromEnv(name: string): SecretRef {
    return new SecretRef(name, undefined);
  }

  /** A secret written as a literal in a manifest (warned about): usable only by the same run. */
  static literal(value: string): SecretRef {
    return new SecretRef(undefined, value);
  }

  /** The literal value, for apply alone (undefined for a reference to a variable). */
  revealLiteral(): string | undefined {
    return this.#literal;
  }

  toJSON(): string {
    return this.variable === undefined ? REDACTED : `\${env.${this.variable}}`;
  }

  toString(): string {
    return this.toJSON();
  }
}

/** A name `${env.NAME}` may use: letters, digits and `_`, not starting with a digit. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Environment variables no manifest may read, in any field: dpac's own credentials and settings
 * (DPAC_*), and what CI systems put in every job (tokens included): a pull request must not be
 * able to copy them into a field that is sent, stored or printed.
 */
const RESERVED =
  /^(DPAC_|GITHUB_|ACTIONS_|RUNNER_|CI_|GITLAB_)|^(CI|GITHUB_TOKEN|NPM_TOKEN|NODE_AUTH_TOKEN)$/;

export function isReservedVariable(name: string): boolean {
  return RESERVED.test(name.toUpperCase());
}

/**
 * `value` with every SecretRef replaced by its text (`${env.NAME}` or `(sensitive)`), for what is
 * shown and saved: plain JSON. Copies only what holds one.
 */
export function secretsShown<T>(value: T): T {
  return replaceNodes(value, (node) => (node instanceof SecretRef ? node.toJSON() : undefined)) as T;
}
