// The metadata keys of working on a shared platform: `external` (refer to, never manage) and
// `adopt: force` (take over an object another project's tag claims).
import { z } from 'zod';

export function sharedPlatformMetadata(): Record<string, z.ZodType> {
  return {
    external: z
      .boolean()
      .optional()
      .describe(
        'An object this project refers to but never manages (created, changed and deleted by someone else). Resolved live by name; spec is not needed and is ignored.',
      ),
    adopt: z
      .literal('force')
      .optional()
      .describe(
        "Take over this object although another project's managed-by: tag claims it: the plan shows the take-over, apply replaces their tag with this project's.",
      ),
  };
}
