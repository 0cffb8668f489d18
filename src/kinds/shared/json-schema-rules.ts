// Cross-field rules in the words JSON Schema has (if/then), for the published schema. zod
// refinements do not export, so a kind states the rules an editor can check next to its
// refinement, with `.meta({ allOf: [...] })`; the refinement stays the one that gives the message.
// A test runs Ajv on the CLI's accept/reject corpus, so the two cannot drift apart unnoticed.

type JsonSchema = Record<string, unknown>;

/** JSON Schema's `if`/`then` pair (an object with a `then` key is built here only). */
export function ifThen(condition: JsonSchema, then: JsonSchema): JsonSchema {
  return { if: condition, then };
}

const is = (field: string, value: unknown): JsonSchema => ({
  properties: { [field]: { const: value } },
  required: [field],
});

/** When `field` is given and equals `value`. */
export function whenEquals(field: string, value: unknown, then: JsonSchema): JsonSchema {
  return ifThen(is(field, value), then);
}

/** When `field` is absent or differs from `value` (a default of `value` counts as equal). */
export function whenNot(field: string, value: unknown, then: JsonSchema): JsonSchema {
  return ifThen({ not: is(field, value) }, then);
}

/** When `field` is given. */
export function whenGiven(field: string, then: JsonSchema): JsonSchema {
  return ifThen({ required: [field] }, then);
}

/** When `field` is absent. */
export function whenAbsent(field: string, then: JsonSchema): JsonSchema {
  return ifThen({ not: { required: [field] } }, then);
}

export function requires(...fields: string[]): JsonSchema {
  return { required: fields };
}

export function forbids(...fields: string[]): JsonSchema {
  return { not: { anyOf: fields.map((f) => ({ required: [f] })) } };
}

/** `field` is given and one of `values`. */
export function isOneOf(field: string, values: readonly unknown[]): JsonSchema {
  return { properties: { [field]: { enum: values } }, required: [field] };
}
