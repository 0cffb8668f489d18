// EmuError: thrown from a handler, it answers like respond.fail() with the same fields.
export class EmuError extends Error {
  constructor(
    readonly status: number,
    readonly iwCode: string,
    readonly details: string,
    readonly title?: string,
  ) {
    super(details);
    this.name = 'EmuError';
  }
}
