// The cross-manifest rules, run after every document validated on its own.
import type { Diagnostic } from '../../core/diagnostic.js';
import { checkExternals } from './check-externals.js';
import { checkParentSpecs } from './check-parent-specs.js';
import { checkParents } from './check-parents.js';
import { checkReferences } from './check-references.js';
import { checkRenames } from './check-renames.js';
import { findCycles } from './find-cycles.js';
import { findDuplicates } from './find-duplicates.js';
import type { RuleInput } from './rule-input.js';

export function checkRules(input: RuleInput): Diagnostic[] {
  return [
    ...findDuplicates(input),
    ...checkExternals(input),
    ...checkParents(input),
    ...checkParentSpecs(input),
    ...checkReferences(input),
    ...checkRenames(input),
    ...findCycles(input),
  ];
}

export type { RuleInput } from './rule-input.js';
