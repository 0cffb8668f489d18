// dpac.yaml's `required_version`: the semver range of dpac versions a project is written for.
// Checked before anything else in the file, so a project written for a newer dpac says so instead
// of failing on keys this version does not know. Ranges are npm's (`semver`): `>=0.2 <0.3`,
// `^0.2`, `~0.2.1`, `0.2.x`, alternatives joined by `||`.
import semver from 'semver';
import type { Diagnostic, SourceLocation } from '../core/diagnostic.js';
import { VERSION } from '../version.js';

/**
 * Why the running dpac may not work on this project (a located error), or undefined. `value` is
 * what dpac.yaml's `required_version` holds; anything but a string is left to the schema.
 */
export function requiredVersionProblem(
  value: unknown,
  source: SourceLocation | undefined,
  running: string = VERSION,
): Diagnostic | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const range = semver.validRange(value);
  if (range === null)
    return {
      severity: 'error',
      summary: `required_version ${JSON.stringify(value)} is not a version range`,
      detail:
        'Write a semver range of dpac versions, e.g. ">=0.2 <0.3", "^0.2" or "~0.2.1" (alternatives joined by ||).',
      ...(source ? { source } : {}),
    };
  // A pre-release inside the range matches too (0.3.1-rc.1 satisfies >=0.3 <0.4), as a tester expects.
  if (semver.satisfies(running, range, { includePrerelease: true })) return undefined;
  return {
    severity: 'error',
    summary: `This project requires dpac ${value} (required_version in dpac.yaml); this is dpac ${running}.`,
    detail:
      'Run a dpac version in that range (the release notes are in CHANGELOG.md), or change required_version if the project was moved to this version on purpose. Nothing else was read.',
    ...(source ? { source } : {}),
  };
}
