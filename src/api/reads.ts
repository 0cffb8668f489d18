// Typed reads of what dpac shows but does not manage: previews, lineage, audit logs, job status.

import type { ApiClient } from './client.js';

type Reader = Pick<ApiClient, 'get' | 'listAll'>;

const seg = encodeURIComponent;

export interface TableLineage {
  table: {
    id?: string;
    name?: string;
    parent_entity_type?: string;
    parent_entity_id?: string;
    parent_entity_name?: string;
    [key: string]: unknown;
  };
  domains: unknown;
}

/** One audit record; servers add fields freely, so unknown keys are kept. */
export interface AuditLogEntry {
  id?: string;
  entity_type?: string;
  entity_id?: string;
  modification?: unknown;
  modified_at?: string;
  modified_by?: string;
  [key: string]: unknown;
}

/** Crawl/ingestion job and interactive (browse) job states; terminal ones end a poll. */
const TERMINAL_STATES = new Set(['completed', 'failed', 'aborted', 'canceled', 'cancelled']);

export interface JobState {
  id: string;
  status: string;
  terminal: boolean;
  type?: string;
  percentage?: number;
  raw: Record<string, unknown>;
}

function resultOf(body: unknown): Record<string, unknown> {
  const result = (body as { result?: unknown } | null)?.result;
  return result && typeof result === 'object' && !Array.isArray(result)
    ? (result as Record<string, unknown>)
    : {};
}

function toJobState(id: string, result: Record<string, unknown>): JobState {
  const status = typeof result.status === 'string' ? result.status : 'unknown';
  return {
    id,
    status,
    terminal: TERMINAL_STATES.has(status.toLowerCase()),
    ...(typeof result.type === 'string' ? { type: result.type } : {}),
    ...(typeof result.percentage === 'number' ? { percentage: result.percentage } : {}),
    raw: result,
  };
}

/** A sample of a table's rows as the platform renders it (`GET /sources/{sid}/table/{tid}/get-preview`). */
export async function readTablePreview(
  client: Reader,
  ref: { sourceId: string; tableId: string },
): Promise<Record<string, unknown>> {
  const body = await client.get(
    `/sources/${seg(ref.sourceId)}/table/${seg(ref.tableId)}/get-preview`,
    undefined,
    'read the table preview',
  );
  return resultOf(body);
}

export async function readTableLineage(client: Reader, tableId: string): Promise<TableLineage> {
  const body = await client.get(`/tables/${seg(tableId)}/lineage`, undefined, 'read the table lineage');
  const result = resultOf(body);
  const table =
    result.table && typeof result.table === 'object' ? (result.table as TableLineage['table']) : {};
  return { table, domains: result.domains ?? [] };
}

export function readSourceAuditLogs(client: Reader, sourceId: string): Promise<AuditLogEntry[]> {
  return client.listAll(`/sources/${seg(sourceId)}/audit-logs`, { intent: 'read the source audit logs' });
}

export function readTableGroupAuditLogs(
  client: Reader,
  ref: { sourceId: string; tableGroupId: string },
): Promise<AuditLogEntry[]> {
  return client.listAll(`/sources/${seg(ref.sourceId)}/table-groups/${seg(ref.tableGroupId)}/audit-logs`, {
    intent: 'read the table group audit logs',
  });
}

/** A crawl/ingestion job (`GET /admin/jobs/{id}`): pending, running, blocked, completed, failed, aborted, canceled. */
export async function readJobStatus(client: Reader, jobId: string): Promise<JobState> {
  const body = await client.get(`/admin/jobs/${seg(jobId)}`, undefined, `read the status of job ${jobId}`);
  return toJobState(jobId, resultOf(body));
}

/** A browse ("interactive") job of a source: completed, failed or aborted when done. */
export async function readInteractiveJobStatus(
  client: Reader,
  ref: { sourceId: string; jobId: string },
): Promise<JobState> {
  const body = await client.get(
    `/sources/${seg(ref.sourceId)}/interactive-jobs/${seg(ref.jobId)}`,
    undefined,
    `read the status of interactive job ${ref.jobId}`,
  );
  return toJobState(ref.jobId, resultOf(body));
}
