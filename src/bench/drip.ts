// How a server drips: the headers at once, then a JSON body one byte at a time, every `everyMs`;
// it stops when the client leaves. The hostile bench's slow server, and the tests' too.
import type { ServerResponse } from 'node:http';

export function drip(res: ServerResponse, body: unknown, everyMs: number): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json' });
  let at = 0;
  const timer = setInterval(() => {
    if (res.destroyed || at >= text.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(text[at++] ?? '');
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}
