// A refusal: the library's answer when a guard stops a plan or an apply before anything is
// written (manifest errors, a safety guard, a secret variable unset, a saved plan that does not
// check out). It carries every reason as a diagnostic; its message is safe to print.
import type { Diagnostic } from '../core/diagnostic.js';

export class Refusal extends Error {
  constructor(
    message: string,
    readonly diagnostics: readonly Diagnostic[],
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
