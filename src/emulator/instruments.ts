// Test instruments outside /v3: journal, reset, faults, jobs, health. Never subject to faults.
import type { EmulatorConfig, EmuResult } from './app.js';
import { EmuError } from './errors.js';
import type { Faults } from './faults.js';
import type { Journal } from './journal.js';
import { fail, failFrom } from './respond.js';
import type { Store } from './store.js';

export interface InstrumentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface InstrumentContext {
  journal: Journal;
  /** Settles once the reset is saved: it is answered then, like any other write. */
  reset: () => Promise<void>;
  faults: Faults;
  store: Store;
  config: EmulatorConfig;
}

export async function handleInstrument(req: InstrumentRequest, ctx: InstrumentContext): Promise<EmuResult> {
  const route = `${req.method} ${req.path}`;
  try {
    switch (route) {
      case 'GET /_emulator/journal': {
        const since = Number(req.query.since ?? 0);
        return { status: 200, body: { entries: ctx.journal.since(Number.isFinite(since) ? since : 0) } };
      }
      case 'POST /_emulator/reset':
        await ctx.reset();
        return { status: 200, body: { message: 'reset' } };
      case 'PUT /_emulator/faults':
      case 'POST /_emulator/faults': {
        const spec = (req.body as { spec?: unknown } | undefined)?.spec;
        if (typeof spec !== 'string') throw new EmuError(400, 'IW10006', "body must be {spec: '...'}");
        ctx.faults.set(spec);
        return { status: 200, body: { message: 'faults set', spec } };
      }
      case 'GET /_emulator/jobs': {
        // The jobs the platform would have started (one metadata crawl per table-adding call).
        const jobs = ctx.store.all('jobs');
        return { status: 200, body: { count: jobs.length, jobs } };
      }
      case 'GET /_emulator/health':
        return {
          status: 200,
          body: { status: 'ok', revision: ctx.config.revision, store_revision: ctx.store.revision },
        };
      default:
        return fail(404, 'IW10001', `No instrument ${route}`);
    }
  } catch (error) {
    if (error instanceof EmuError) return failFrom(error);
    throw error;
  }
}
