// Running the policies: the manifest rules over every manifest of their kinds (validate), the change
// rules over every planned change of their kinds (plan). A result names the policy, the object and
// where to look; it becomes a located diagnostic at validate and a `policy_results` entry of a plan.
import { type Address, kindOfAddress } from '../core/address.js';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { formatLocation } from '../core/diagnostic.js';
import type { Manifest } from '../manifest/manifest.js';
import type { PlanChange } from '../plan/plan.js';
import type { PolicyResult } from '../plan/plan-schema.js';
import { type CompiledRule, compileRule, type PolicyStage } from './compile-policy.js';
import type { PolicyDeclaration } from './policy-schema.js';

/** A subject of a stage: its address, kind, where it is declared and the value bound to the variable. */
export interface PolicySubject {
  address: Address;
  kind: string;
  source?: SourceLocation;
  /** The value of the stage's variable (JSON-shaped: maps, lists, strings, numbers, booleans, null). */
  binding(): unknown;
}

/** The policies' results for the subjects of one stage, in subject order. */
export async function runPolicies(
  policies: readonly PolicyDeclaration[],
  stage: PolicyStage,
  subjects: Iterable<PolicySubject>,
): Promise<PolicyResult[]> {
  const rules: { policy: PolicyDeclaration; rule: CompiledRule; kinds: Set<string> }[] = [];
  for (const policy of policies) {
    const rule = await compileRule(policy.rule);
    if ('stage' in rule && rule.stage === stage) rules.push({ policy, rule, kinds: new Set(policy.kinds) });
  }
  if (rules.length === 0) return [];
  const variable = stage === 'manifest' ? 'object' : 'change';
  const results: PolicyResult[] = [];
  for (const subject of subjects) {
    let bound: unknown;
    for (const { policy, rule, kinds } of rules) {
      if (!kinds.has(subject.kind)) continue;
      bound ??= subject.binding();
      const outcome = rule.evaluate(variable, bound);
      if (outcome.pass) continue;
      results.push({
        policy: policy.name,
        severity: policy.severity,
        stage,
        address: subject.address,
        message: policy.message,
        ...(subject.source ? { source: subject.source } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
      });
    }
  }
  return results;
}

/** A result as a diagnostic at the object's location. */
export function policyDiagnostic(result: PolicyResult, policy: PolicyDeclaration | undefined): Diagnostic {
  const where = policy?.source ? ` (${formatLocation(policy.source)})` : '';
  return {
    severity: result.severity,
    summary: result.error
      ? `${result.address}: policy ${result.policy} could not be checked: ${result.error}`
      : `${result.address}: policy ${result.policy}: ${result.message}`,
    detail: result.error
      ? `Its rule${where} reads a field this ${kindOfAddress(result.address)} lacks or a value of another type; guard optional fields with has(), e.g. \`!has(object.spec.x) || …\`.`
      : `It breaks the rule \`${policy?.rule ?? result.policy}\`${where}: change the manifest, or the policy in dpac.yaml.`,
    address: result.address,
    ...(result.source ? { source: result.source } : {}),
  };
}

/**
 * What the platform reports about a live object that no manifest sets, as `change.live`: a table's
 * `row_count` and `full_load_performed` (server-assigned fields of the table document).
 */
const LIVE_FACTS = ['row_count', 'full_load_performed'] as const;

/** A planned change as the `change` variable: its spec before and after, fields, impact and live facts. */
export function changeSubject(
  change: PlanChange,
  liveItem: Readonly<Record<string, unknown>> | undefined,
): PolicySubject {
  return {
    address: change.address,
    kind: change.kind,
    binding: () => {
      const live: Record<string, unknown> = {};
      for (const key of LIVE_FACTS) {
        const value = liveItem?.[key];
        if (value !== undefined && value !== null) live[key] = value;
      }
      return {
        address: change.address,
        kind: change.kind,
        action: change.action,
        before: change.before,
        after: change.after,
        impact: change.impact ?? 'unknown',
        acknowledged: change.acknowledged ?? {},
        fields: change.fields.map((f) => ({
          path: f.path,
          before: f.before,
          after: f.after,
          impact: f.impact,
        })),
        live,
      };
    },
  };
}

/** A manifest as the `object` variable: {kind, metadata, spec}. */
export function manifestSubject(manifest: Manifest): PolicySubject {
  return {
    address: manifest.address,
    kind: manifest.kind,
    source: manifest.source,
    binding: () => ({ kind: manifest.kind, metadata: manifest.metadata, spec: manifest.spec ?? {} }),
  };
}
