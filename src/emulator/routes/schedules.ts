// Table group schedules: read, enable (validated), disable, and take over as schedule user.
import type { EmuApp, EmuRequest, EmuResult } from '../app.js';
import { EmuError } from '../errors.js';
import { bodyObject, created } from '../respond.js';
import type { Doc } from '../store.js';
import { asRecord, type Body, peekChild, requireSourceChild, updateIfChanged } from './ingestion-lookup.js';
import { normalizeSchedule, scheduleProblem } from './ingestion-schedule-rules.js';

/**
 * The schedule lives on the table group document (`schedule`, `schedule_status`, `scheduler_username`),
 * so a GET of the group shows it too. A group never scheduled answers `schedule_details: null`.
 */
function scheduleView(group: Readonly<Doc>): Body {
  return {
    entity_id: group.id,
    schedule_type: 'table-group-cdc',
    schedule_username: group.scheduler_username ?? null,
    schedule_details: group.schedule ?? null,
  };
}

export function register(app: EmuApp): void {
  const base = '/sources/:source_id/table-groups/:table_group_id/schedules';
  const options = { entity: 'schedule' };
  const groupOf = (req: EmuRequest) =>
    requireSourceChild(app, 'table_groups', req.params.source_id!, req.params.table_group_id!, 'Table group');
  const storedGroupOf = (req: EmuRequest) =>
    peekChild(app, 'table_groups', req.params.source_id!, req.params.table_group_id!, 'Table group');
  const save = (req: EmuRequest, group: Doc, patch: Body): EmuResult => {
    updateIfChanged(app, { collection: 'table_groups', doc: group }, patch, req.user.id);
    return created(group.id, 'Successfully updated schedule');
  };

  app.route('GET', base, (req) => {
    const view = scheduleView(storedGroupOf(req));
    // The spec answers unwrapped; `result` repeats it for clients that read results only.
    return { status: 200, body: { message: '', ...view, result: view } };
  });
  app.route(
    'PUT',
    `${base}/enable`,
    (req) => {
      const group = groupOf(req);
      const body = bodyObject(req);
      const problem = scheduleProblem(body);
      if (problem) throw new EmuError(400, 'IW10006', problem);
      return save(req, group, {
        schedule: normalizeSchedule(body),
        schedule_status: 'enabled',
        scheduler_username: group.scheduler_username ?? req.user.email,
      });
    },
    options,
  );
  app.route(
    'PUT',
    `${base}/disable`,
    (req) => {
      const group = groupOf(req);
      const patch: Body = { schedule_status: 'disabled' };
      if (group.schedule !== undefined)
        patch.schedule = { ...asRecord(group.schedule), schedule_status: 'disabled' };
      return save(req, group, patch);
    },
    options,
  );
  app.route(
    'PUT',
    `${base}/user`,
    (req) => save(req, groupOf(req), { scheduler_username: req.user.email }),
    options,
  );
}
