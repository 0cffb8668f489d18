// Apply progress: a live line on a terminal; otherwise one line per finished step with its
// duration (CI-friendly).
import type { ApplyEvent } from '../apply/step-result.js';
import type { CliIo } from './io.js';

export function progressReporter(io: CliIo, started = Date.now()): (event: ApplyEvent) => void {
  const running = new Set<string>();
  return (event) => {
    if (event.type === 'start') {
      running.add(event.call.id);
      return;
    }
    const { result, done, total } = event;
    running.delete(result.call.id);
    if (io.isTty) {
      const elapsed = ((Date.now() - started) / 1000).toFixed(1);
      const now = [...running].slice(0, 4).join(' ');
      process.stdout.write(`\r\u001b[2K[${done}/${total}] ${elapsed}s ${now ? `running ${now}` : ''}`);
      if (done === total) process.stdout.write('\r\u001b[2K');
      if (result.status === 'failed')
        io.out(`\r\u001b[2K  failed ${result.call.id} ${result.call.address}: ${result.message}`);
      return;
    }
    const what = `${result.call.method} ${result.call.path}`;
    const extra = result.status === 'applied' ? '' : `: ${result.message}`;
    io.out(
      `  [${done}/${total}] ${result.call.id} ${result.status} ${result.call.address} ${what} (${result.ms} ms)${extra}`,
    );
  };
}
