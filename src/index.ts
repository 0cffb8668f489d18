// dpac as a library (package entry point `dpac`): load and validate manifests, plan, apply,
// export, and start the v3 API emulator, without the CLI's printing. docs/library.md shows the
// whole surface in one example; everything else in src/ is internal and may change.

export type { ApiClient } from './api/index.js';
export { ConnectionConfigError, DpacApiError } from './api/index.js';
export type { ApplyOutcome } from './apply/apply-plan.js';
export type { StepResult } from './apply/step-result.js';
export type { Call } from './core/call.js';
export { type Diagnostic, hasErrors, type SourceLocation } from './core/diagnostic.js';
export type { Impact } from './core/field-policy.js';
export type { EmulatorOptions, RunningEmulator } from './emulator/server.js';
export { startEmulator } from './emulator/server.js';
export type { ExportResult } from './export/export-manifests.js';
export {
  type ApplyOptions,
  apply,
  applyRefusals,
  applySavedPlan,
  type Connection,
  type ConnectOptions,
  connect,
  type DestroyOptions,
  dependencyGraph,
  type ExportOptions,
  exportPlatform,
  type FormatOptions,
  type FormatResult,
  type FormattedFile,
  formatManifests,
  type Graph,
  type GraphEdge,
  type GraphNode,
  type GraphOptions,
  type ImportOptions,
  type ImportResult,
  importObject,
  type ListOptions,
  listManaged,
  loadProjectSettings,
  type ManagedList,
  type ManagedObject,
  type PlanOptions,
  plan,
  planDestroy,
  planGates,
  Refusal,
  readPlanFile,
  type SavedPlanOptions,
  secretValuesOf,
} from './library.js';
export {
  type LoadManifestsOptions,
  type LoadManifestsResult,
  loadManifests,
} from './manifest/load-manifests.js';
export type { Manifest } from './manifest/manifest.js';
export type { ComputedPlan } from './pipeline.js';
export { hasChanges, type Plan, type PlanChange, type PlanSummary } from './plan/plan.js';
export { VERSION } from './version.js';
