// dpac.yaml's required_version: npm's semver ranges, a pre-release counting as its version, and a
// located error that says which version runs and what to do.
import { describe, expect, it } from 'vitest';
import { requiredVersionProblem } from '../../src/manifest/required-version.js';

const at = { file: 'dpac.yaml', line: 3, col: 19 };

describe('required_version', () => {
  it.each([
    ['>=0.1 <0.2', '0.1.0'],
    ['^0.1.0', '0.1.7'],
    ['~0.2.1', '0.2.9'],
    ['0.2.x', '0.2.0'],
    ['>=0.3 || 0.1.x', '0.1.4'],
    ['>=0.3 <0.4', '0.3.1-rc.1'],
  ])('%s accepts %s', (range, version) => {
    expect(requiredVersionProblem(range, at, version)).toBeUndefined();
  });

  it.each([
    ['>=0.2 <0.3', '0.1.0'],
    ['^0.1.0', '0.2.0'],
    ['~0.2.1', '0.2.0'],
  ])('%s refuses %s, located, naming both', (range, version) => {
    expect(requiredVersionProblem(range, at, version)).toEqual({
      severity: 'error',
      summary: `This project requires dpac ${range} (required_version in dpac.yaml); this is dpac ${version}.`,
      detail: expect.stringContaining('Run a dpac version in that range'),
      source: at,
    });
  });

  it('calls a text that is no range an error, and leaves other types to the schema', () => {
    expect(requiredVersionProblem('soon', at, '0.1.0')?.summary).toBe(
      'required_version "soon" is not a version range',
    );
    expect(requiredVersionProblem(2, at, '0.1.0')).toBeUndefined();
    expect(requiredVersionProblem(undefined, at, '0.1.0')).toBeUndefined();
  });
});
