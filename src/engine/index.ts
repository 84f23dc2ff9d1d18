/**
 * The Engine API client's public face: what hublint's pin checks and users import
 * (`import { DockerEngineClient } from 'hublint/engine'`). Nothing here imports the rest
 * of hublint.
 */
export { DockerEngineClient } from './client.js';
export type {
  AttachOptions,
  AttachedStream,
  CallOptions,
  CommitOptions,
  ContainerInspect,
  DockerEngineClientOptions,
  LogsOptions,
  PullOptions,
  RegisteredWait,
  WaitCondition,
} from './client.js';
export * from './errors.js';
export { createContainerPulling, runContainer, runContainerDetached } from './flow.js';
export type { FinishedContainer, PullPolicy, RunContainerOptions, StartedContainer } from './flow.js';
export { demuxFrameRuns, demuxLogFrames, rawLogChunks } from './frames.js';
export { copyOutput } from './copy-output.js';
export type { LogChunk, LogStreamName } from './frames.js';
export { DEFAULT_UNIX_SOCKET, dockerConfigDir, parseDockerHost, resolveEndpoint } from './host.js';
export type { EngineEndpoint, ResolveEndpointOptions, TlsSettings } from './host.js';
export { DOCKER_HUB_AUTH_KEY, authConfigKey, encodeRegistryAuth, lookupRegistryAuth, runCredentialHelper } from './auth.js';
export type { HelperLimits, LookupOptions, RegistryAuth } from './auth.js';
export { parseJsonLines } from './json-lines.js';
export { negotiateApiVersion, parseVersionRejection } from './negotiate.js';
export type { VersionRejection } from './negotiate.js';
export { MORE_OPERATIONS, OPERATIONS } from './operations.js';
export type { MoreOperationName, OperationName, OperationSpec } from './operations.js';
export { registryOfImage, splitImageReference } from './reference.js';
export { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_DEADLINE_MS, DEFAULT_IDLE_TIMEOUT_MS, KEEP_ALIVE_IDLE_MS } from './transport.js';
export type * from './types.js';
export {
  CLIENT_API_VERSION_RANGE,
  FALLBACK_API_VERSION,
  apiVersionInRange,
  compareApiVersions,
  isApiVersion,
  minApiVersion,
  normalizeApiVersion,
  normalizeApiVersionSetting,
} from './versions.js';
