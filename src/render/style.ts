// Terminal styling: ANSI colours only when asked (TTY, no NO_COLOR, no --no-color).
import type { Action } from '../diff/change.js';

export interface Style {
  color: boolean;
}

const CODES = { green: 32, yellow: 33, red: 31, magenta: 35, cyan: 36, bold: 1, dim: 2 } as const;
export type Tone = keyof typeof CODES;

export function paint(style: Style, tone: Tone, text: string): string {
  return style.color ? `\u001b[${CODES[tone]}m${text}\u001b[0m` : text;
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
