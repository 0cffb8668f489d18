// Terminal styling. Whether colour is on is decided once per run (cli/output.ts); this module only
// paints, through picocolors, whose close codes keep nested styles intact.
import pc from 'picocolors';
import type { Action } from '../diff/change.js';

export interface Style {
  color: boolean;
}

export type Tone = 'green' | 'yellow' | 'red' | 'magenta' | 'cyan' | 'bold' | 'dim';

const ON = pc.createColors(true);
const OFF = pc.createColors(false);

export function paint(style: Style, tone: Tone, text: string): string {
  return (style.color ? ON : OFF)[tone](text);
}

export const ACTION_TONE: Record<Action, Tone> = {
  create: 'green',
  update: 'yellow',
  replace: 'magenta',
  delete: 'red',
  adopt: 'cyan',
  noop: 'dim',
};

export const ACTION_VERB: Record<Action, string> = {
  create: 'will be created',
  update: 'will be updated in place',
  replace: 'will be replaced',
  delete: 'will be destroyed',
  adopt: 'will be adopted',
  noop: 'is in sync',
};
