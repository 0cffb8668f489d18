import { describe, expect, it } from 'vitest';
import { RenameRules } from '../../src/live/rename-rules.js';

describe('RenameRules.namesFor', () => {
  const rules = new RenameRules();
  rules.add('Source', [], 'old', 'new');
  rules.add('Table', ['new'], 'a', 'b');
  rules.add('Domain', [], 'x1', 'x');
  rules.add('Domain', [], 'x2', 'x');

  it('reads an old name under the new one when the new one is free', () => {
    expect(rules.namesFor('Source', [], ['old', 'other'])).toEqual([
      { name: 'new', renamedFrom: 'old' },
      { name: 'other' },
    ]);
    expect(rules.namesFor('Table', ['new'], ['a'])).toEqual([{ name: 'b', renamedFrom: 'a' }]);
  });

  it('renames nothing when the new name is live too, or two old names claim it', () => {
    expect(rules.namesFor('Source', [], ['old', 'new'])).toEqual([{ name: 'old' }, { name: 'new' }]);
    expect(rules.namesFor('Domain', [], ['x1', 'x2'])).toEqual([{ name: 'x1' }, { name: 'x2' }]);
    expect(rules.namesFor('Domain', [], ['x2'])).toEqual([{ name: 'x', renamedFrom: 'x2' }]);
  });

  it('applies only under the parent it was declared for', () => {
    expect(rules.namesFor('Table', ['old'], ['a'])).toEqual([{ name: 'a' }]);
  });
});
