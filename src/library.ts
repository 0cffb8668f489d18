// The library's front door: what every CLI command does between parsing its flags and printing,
// with every guard, and nothing else (docs/library.md). The CLI calls these and only these.
export {
  type ApplyOptions,
  apply,
  applyRefusals,
  applySavedPlan,
  readPlanFile,
  type SavedPlanOptions,
  secretValuesOf,
} from './library/apply.js';
export { type Connection, type ConnectOptions, connect } from './library/connect.js';
export { type DestroyOptions, planDestroy } from './library/destroy.js';
export { type ExportOptions, exportPlatform } from './library/export.js';
export {
  type FormatOptions,
  type FormatResult,
  type FormattedFile,
  formatManifests,
} from './library/format.js';
export {
  dependencyGraph,
  type Graph,
  type GraphEdge,
  type GraphNode,
  type GraphOptions,
} from './library/graph.js';
export { type ImportOptions, type ImportResult, importObject } from './library/import.js';
export { type ListOptions, listManaged, type ManagedList, type ManagedObject } from './library/list.js';
export { type PlanOptions, plan } from './library/plan.js';
export { loadProjectSettings } from './library/project.js';
export { Refusal } from './library/refusal.js';
export { type LoadManifestsResult, loadManifests } from './manifest/load-manifests.js';
export { planGates } from './plan/impact/gate.js';
