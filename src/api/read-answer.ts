// A read's answer: counted against the run's read limits, and it must be the v3 API's JSON. What
// came back otherwise is said in words (a proxy's login page, an empty body, text), as is a
// redirect, which dpac never follows.
import { ApiError, type HttpMethod, ReadLimitError } from './errors.js';
import type { ReadBudget } from './read-budget.js';
import { redactText } from './redact.js';
import type { AttemptResult } from './transport.js';

type Answer = Extract<AttemptResult, { kind: 'response' }>;

/**
 * A read answered 2xx counts against the run's read limits and must be a JSON object: a proxy's
 * login page or an empty body is a failed read, never an empty object (a plan computed from it
 * would see objects as missing and create them again). `secrets` only when a message is made.
 */
export function checkRead(
  answer: Answer,
  call: { method: HttpMethod; path: string; intent?: string | undefined },
  budget: ReadBudget | undefined,
  secrets: () => string[],
): void {
  const intent = call.intent ? { intent: call.intent } : {};
  const over = budget?.chargeBytes(answer.bytes);
  if (over) throw new ReadLimitError({ path: call.path, why: over, ...intent });
  const unexpected = unexpectedBody(answer, secrets);
  if (unexpected)
    throw new ApiError({
      status: answer.status,
      method: call.method,
      path: call.path,
      details: `not the JSON the v3 API answers, but ${unexpected}`,
      ...intent,
    });
}

/** What came back instead of a JSON object, in words (quoted, scrubbed, cut); undefined for a JSON object. */
function unexpectedBody(answer: Answer, secrets: () => string[]): string | undefined {
  const { body } = answer;
  if (answer.json) {
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) return undefined;
    return Array.isArray(body) ? 'a JSON array' : `the JSON value ${quoted(JSON.stringify(body), secrets)}`;
  }
  if (answer.bytes === 0) return 'an empty body';
  const text = typeof body === 'string' ? body : '';
  const type = String(first(answer.headers['content-type']) ?? '');
  if (/html/i.test(type) || /^\s*<(!doctype|html|head|body)/i.test(text))
    return "an HTML page (a proxy's login?)";
  return `text that is not JSON${type ? ` (${type.split(';')[0]})` : ''}: ${quoted(text, secrets)}`;
}

/**
 * dpac never follows a redirect (credentials must not be replayed to wherever it points); the
 * message says so and where it points: origin and path, never the user, password or query it holds.
 */
export function redirectHint(
  requestUrl: string,
  location: string | string[] | undefined,
  secrets: string[],
): string {
  const target = first(location);
  if (!target) return 'dpac does not follow redirects (and this one names no Location)';
  let where: string;
  try {
    const url = new URL(target, requestUrl);
    where = `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
  } catch {
    where = 'a Location that is not a URL';
  }
  return `dpac does not follow redirects: it points to ${redactText(where, secrets)} (a proxy's login page, or should DPAC_URL be that address?)`;
}

function quoted(text: string, secrets: () => string[]): string {
  const scrubbed = redactText(text.trim(), secrets());
  return JSON.stringify(scrubbed.length > 60 ? `${scrubbed.slice(0, 60)}…` : scrubbed);
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;
