// dpac.yaml `targets:`: choosing one by name, and the prefix of its own credential variables.
import type { Diagnostic } from '../core/diagnostic.js';
import { didYouMean } from './did-you-mean.js';
import type { ProjectConfig, TargetConfig } from './project-config.js';

/** `prod-eu` → `DPAC_PROD_EU_`: the prefix of a target's own credential variables. */
export function targetCredentialPrefix(target: string): string {
  return `DPAC_${target.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_`;
}

/** The target `--target NAME` chose, or an error naming the defined ones. */
export function findTarget(
  project: ProjectConfig,
  name: string,
): { target: TargetConfig; diagnostic?: undefined } | { target?: undefined; diagnostic: Diagnostic } {
  const target = Object.hasOwn(project.targets, name) ? project.targets[name] : undefined;
  if (target) return { target };
  const names = Object.keys(project.targets);
  const hint = didYouMean(name, names);
  return {
    diagnostic: {
      severity: 'error',
      summary: `Target ${name} is not defined in dpac.yaml.${hint ? ` Did you mean ${hint}?` : ''}`,
      detail: names.length
        ? `Defined targets: ${names.join(', ')}.`
        : 'Add it under `targets:` in dpac.yaml.',
    },
  };
}
