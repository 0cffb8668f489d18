// Scripts a server's answers to ordinary calls, one per request, then 200 with a created id.

import type { Script } from './scripted-server.js';
import { apiError, json } from './scripted-server.js';

/** A status, a status with headers, a socket destroyed after the request arrived, or no answer at all. */
export type Answer = number | [number, Record<string, string>] | 'reset' | 'hang';

export function answers(queue: Answer[]): Script {
  return (_req, res, raw) => {
    const next = queue.shift() ?? 200;
    if (next === 'reset') return void raw.socket.destroy();
    if (next === 'hang') return;
    const [status, headers] = Array.isArray(next) ? next : [next, {}];
    if (status >= 200 && status < 300)
      return json(res, status, { message: 'ok', result: { id: 'abc123' } }, headers);
    res.setHeader('x-scripted', 'yes');
    for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
    apiError(res, status, status >= 500 ? 'IW10002' : 'IW10006', `scripted ${status}`);
  };
}
