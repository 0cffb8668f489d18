// Saved plans signed with a key only the pipeline holds (DPAC_PLAN_KEY): `plan --out` signs the
// plan it saves, and `apply --plan` refuses a plan whose signature does not verify, so a plan file
// edited after it was made (a CI artifact, a file in a shared folder) is never run. HMAC-SHA256
// over the plan's canonical JSON without its `signature`. Pure.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Diagnostic } from '../core/diagnostic.js';
import { stableStringify } from './fingerprint.js';

/** The environment variable holding the key. */
export const PLAN_KEY_VARIABLE = 'DPAC_PLAN_KEY';

const SCHEME = 'hmac-sha256:';

/** `plan` with its signature, when a key is given; unchanged otherwise. */
export function signPlan<T extends object>(plan: T, key: string | undefined): T {
  if (!key) return plan;
  const { signature: _old, ...unsigned } = plan as T & { signature?: unknown };
  return { ...plan, signature: signatureOf(unsigned, key) };
}

/**
 * Whether a saved plan (as parsed from its file, every key kept) may run: with a key, only when
 * its signature verifies; without one, only when it carries none (a signed plan means a pipeline
 * that verifies: apply it there).
 */
export function checkSignature(raw: Record<string, unknown>, key: string | undefined): Diagnostic[] {
  const { signature, ...unsigned } = raw;
  const refuse = (summary: string, detail: string): Diagnostic[] => [{ severity: 'error', summary, detail }];
  if (!key) {
    return signature === undefined
      ? []
      : refuse(
          `The saved plan is signed, but ${PLAN_KEY_VARIABLE} is not set to verify it; nothing was written.`,
          `Set ${PLAN_KEY_VARIABLE} to the key the plan was made with, as the pipeline that made it does.`,
        );
  }
  if (typeof signature !== 'string' || !signature.startsWith(SCHEME)) {
    return refuse(
      `The saved plan is not signed, and ${PLAN_KEY_VARIABLE} asks for signed plans; nothing was written.`,
      `Make the plan with dpac plan --out and ${PLAN_KEY_VARIABLE} set to the same key.`,
    );
  }
  const expected = Buffer.from(signatureOf(unsigned, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return refuse(
      'The saved plan does not match its signature: it was changed after it was made, or made with another key; nothing was written.',
      'Make the plan again with dpac plan --out, and apply that file as it is.',
    );
  }
  return [];
}

function signatureOf(unsigned: object, key: string): string {
  return `${SCHEME}${createHmac('sha256', key).update(stableStringify(unsigned)).digest('hex')}`;
}
