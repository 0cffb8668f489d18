// The API client's public surface: everything dpac reads and writes goes through createClient().

export {
  type ApiClient,
  type ApiRequest,
  type ApiResponse,
  type ClientStats,
  type CreateClientOptions,
  createClient,
} from './client.js';
export { type ConnectionInput, type ConnectionResult, resolveConnection } from './connection-settings.js';
export {
  ApiError,
  ConnectionConfigError,
  DpacApiError,
  type DpacApiErrorCode,
  type HttpMethod,
  IndeterminateWriteError,
  ReadOnlyViolation,
  TransportError,
  type TransportFailure,
} from './errors.js';
export { encodeQuery, type ListOptions, type QueryValue } from './paging.js';
export {
  type AuditLogEntry,
  type JobState,
  readInteractiveJobStatus,
  readJobStatus,
  readSourceAuditLogs,
  readTableAuditLogs,
  readTableGroupAuditLogs,
  readTableLineage,
  readTablePreview,
  type TableLineage,
} from './reads.js';
export { collectSecrets, isSensitiveKey, REDACTED, redact, redactText } from './redact.js';
export { type Credentials, readJwtClaims, SECURITY_ROUTES } from './session.js';
export { INSECURE_TLS_WARNING, isLoopbackHost } from './transport.js';
