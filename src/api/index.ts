// The API client's public surface: everything dpac reads and writes goes through createClient().

export {
  type ApiClient,
  type CreateClientOptions,
  createClient,
} from './client.js';
export { resolveConnection } from './connection-settings.js';
export {
  ApiError,
  ConnectionConfigError,
  DpacApiError,
  type HttpMethod,
  IndeterminateWriteError,
  ReadLimitError,
  ReadOnlyViolation,
  TransportError,
} from './errors.js';
export { encodeQuery } from './paging.js';
export {
  readInteractiveJobStatus,
  readJobStatus,
  readSourceAuditLogs,
  readTableGroupAuditLogs,
  readTableLineage,
  readTablePreview,
} from './reads.js';
export { REDACTED, redact, redactText } from './redact.js';
export { readJwtClaims } from './session.js';
export { INSECURE_TLS_WARNING, isLoopbackHost } from './transport.js';
