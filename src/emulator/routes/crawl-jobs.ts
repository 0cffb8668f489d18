// The metadata crawl job that adding tables starts on the platform: one job per table-adding call,
// whatever the number of tables it adds. Jobs are stored (collection `jobs`), so GET
// /admin/jobs/{id} answers them and the /_emulator/jobs instrument counts them. They complete at once.
import type { EmuApp } from '../app.js';
import { EmuError } from '../errors.js';
import { OBJECT_ID } from '../ids.js';
import { ok } from '../respond.js';

/** Records the crawl job of one table-adding call; returns its id (the answer's `job_created`). */
export function startCrawlJob(app: EmuApp, sourceId: string, tableIds: readonly string[], userId: string) {
  const job = app.store.insert(
    'jobs',
    {
      type: 'source_fetch_metadata',
      source_id: sourceId,
      table_ids: [...tableIds],
      status: 'completed',
      percentage: 100,
    },
    { userId },
  );
  return job.id;
}

export function registerJobs(app: EmuApp): void {
  app.route('GET', '/admin/jobs/:job_id', (req) => {
    const id = req.params.job_id!;
    if (!OBJECT_ID.test(id)) throw new EmuError(404, 'IW10001', `Job with id '${id}' not found`);
    // Jobs started by POST /sources/{id}/jobs are acknowledged without a record: they completed.
    return ok(app.store.get('jobs', id) ?? { id, status: 'completed', type: 'ingest', percentage: 100 });
  });
}
