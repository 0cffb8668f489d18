// A view: one renderer per output format of a command's result. The CLI picks the format once
// (`-o`), then calls that format's renderer; no command branches on the format itself. Pure.
import type { Style } from './style.js';

type Renderer<Model> = (model: Model, style: Style) => string;

/** The formats a command offers; the first one is its default. */
export type Views<Model, Format extends string = string> = Readonly<Record<Format, Renderer<Model>>>;

/** Every JSON output: two-space indented, so a diff of two outputs is readable. */
export function renderJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
