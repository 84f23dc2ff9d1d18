/**
 * Shapes of the resources the client reads. Only the fields it uses are typed; the
 * daemon sends more, which stay reachable through the index signatures.
 */

/** Body of POST /containers/create. Other config (HostConfig, Env, …) passes through. */
export interface ContainerCreateRequest {
  Image: string;
  Cmd?: string[];
  Tty?: boolean;
  [field: string]: unknown;
}

export interface ContainerCreateResponse {
  Id: string;
  Warnings: string[] | null;
  [field: string]: unknown;
}

export interface ContainerWaitResponse {
  StatusCode: number;
  Error?: { Message?: string } | null;
}

export interface ContainerSummary {
  Id: string;
  /** Each begins with a slash. */
  Names: string[];
  Image: string;
  [field: string]: unknown;
}

export interface ImageSummary {
  /** `sha256:<hex>` */
  Id: string;
  ParentId: string;
  RepoTags?: string[] | null;
  [field: string]: unknown;
}

/** One line of the pull progress stream. */
export interface PullProgress {
  status?: string;
  id?: string;
  progressDetail?: { current?: number; total?: number };
  progress?: string;
  error?: string;
  errorDetail?: { message?: string; code?: number };
  [field: string]: unknown;
}

/** One line of DELETE /images/{name}'s answer. */
export interface ImageDeleteItem {
  Untagged?: string;
  Deleted?: string;
}

export interface CommitResponse {
  /** `sha256:<hex>` */
  Id: string;
}

/** GET /version. */
export interface EngineVersion {
  Version: string;
  ApiVersion: string;
  MinAPIVersion?: string;
  Os?: string;
  Arch?: string;
  [field: string]: unknown;
}

export interface PingResult {
  /** The daemon's newest API version, from the `Api-Version` header. */
  apiVersion?: string;
  osType?: string;
  experimental?: boolean;
}

/** Outcome of start/stop: false when the daemon answered 304 (already so). */
export interface StateChange {
  changed: boolean;
}

export type Filters = Record<string, readonly string[]>;

// Issue 33's library rows: exec, events, image inspect/push, networks, volumes, container
// top/stats/update/prune and `system df`. Only the fields the client or its callers lean
// on are named; the rest stays reachable through the index signatures.

/** GET /images/{name}/json. */
export interface ImageInspect {
  /** `sha256:<hex>` */
  Id: string;
  RepoTags?: string[] | null;
  RepoDigests?: string[] | null;
  Created?: string;
  Size?: number;
  Architecture?: string;
  Os?: string;
  Config?: { Cmd?: string[] | null; Env?: string[] | null; Labels?: Record<string, string> | null; [field: string]: unknown } | null;
  [field: string]: unknown;
}

/** One line of the push progress stream; the last carries `aux` with the pushed digest. */
export interface PushProgress extends PullProgress {
  aux?: { Tag?: string; Digest?: string; Size?: number };
}

/** Body of POST /containers/{id}/exec. */
export interface ExecCreateRequest {
  Cmd: string[];
  AttachStdin?: boolean;
  AttachStdout?: boolean;
  AttachStderr?: boolean;
  Tty?: boolean;
  Env?: string[];
  WorkingDir?: string;
  User?: string;
  Privileged?: boolean;
  DetachKeys?: string;
  [field: string]: unknown;
}

/** Answer of create calls that name only the new object (exec, network). */
export interface IdResponse {
  Id: string;
  [field: string]: unknown;
}

/** GET /exec/{id}/json. */
export interface ExecInspect {
  ID: string;
  Running: boolean;
  /** null while the process runs. */
  ExitCode: number | null;
  ContainerID: string;
  Pid?: number;
  ProcessConfig?: { tty?: boolean; entrypoint?: string; arguments?: string[]; [field: string]: unknown };
  [field: string]: unknown;
}

/** One message of GET /events. */
export interface EngineEvent {
  /** `container`, `image`, `network`, `volume`, `daemon`, … */
  Type: string;
  /** `create`, `start`, `die`, `destroy`, `connect`, … */
  Action: string;
  Actor: { ID: string; Attributes?: Record<string, string> };
  scope?: string;
  /** Seconds since the epoch. */
  time: number;
  timeNano: number;
  [field: string]: unknown;
}

/** Body of POST /networks/create. */
export interface NetworkCreateRequest {
  Name: string;
  Driver?: string;
  /** No route out: what a network needs on a daemon started with `--iptables=false`. */
  Internal?: boolean;
  Attachable?: boolean;
  CheckDuplicate?: boolean;
  Labels?: Record<string, string>;
  Options?: Record<string, string>;
  [field: string]: unknown;
}

export interface NetworkCreateResponse extends IdResponse {
  Warning?: string;
}

/** An element of GET /networks, and GET /networks/{id}. */
export interface NetworkInspect {
  Id: string;
  Name: string;
  Driver: string;
  Scope?: string;
  Internal?: boolean;
  Labels?: Record<string, string> | null;
  /** Keyed by container id; listings leave it empty. */
  Containers?: Record<string, { Name?: string; IPv4Address?: string; [field: string]: unknown }> | null;
  [field: string]: unknown;
}

/** Body of POST /volumes/create. */
export interface VolumeCreateRequest {
  Name?: string;
  Driver?: string;
  DriverOpts?: Record<string, string>;
  Labels?: Record<string, string>;
  [field: string]: unknown;
}

/** A volume, as created, listed or inspected. */
export interface Volume {
  Name: string;
  Driver: string;
  Mountpoint: string;
  Labels?: Record<string, string> | null;
  Scope?: string;
  CreatedAt?: string;
  [field: string]: unknown;
}

export interface VolumeList {
  Volumes: Volume[] | null;
  Warnings: string[] | null;
}

/** POST /volumes/prune and /containers/prune share a shape but name their list apart. */
export interface VolumePruneResponse {
  VolumesDeleted: string[] | null;
  SpaceReclaimed: number;
}

export interface ContainerPruneResponse {
  ContainersDeleted: string[] | null;
  SpaceReclaimed: number;
}

/** GET /containers/{id}/top: `ps` output as a header row and rows. */
export interface ContainerTop {
  Titles: string[];
  Processes: string[][];
}

/** One sample of GET /containers/{id}/stats. */
export interface ContainerStats {
  read: string;
  preread?: string;
  pids_stats?: { current?: number; limit?: number };
  cpu_stats?: { cpu_usage?: { total_usage?: number; [field: string]: unknown }; system_cpu_usage?: number; online_cpus?: number; [field: string]: unknown };
  precpu_stats?: ContainerStats['cpu_stats'];
  memory_stats?: { usage?: number; limit?: number; [field: string]: unknown };
  name?: string;
  id?: string;
  [field: string]: unknown;
}

/** Body of POST /containers/{id}/update: resources and the restart policy. */
export interface ContainerUpdateRequest {
  Memory?: number;
  MemorySwap?: number;
  CpuShares?: number;
  NanoCpus?: number;
  PidsLimit?: number;
  RestartPolicy?: { Name: '' | 'no' | 'always' | 'unless-stopped' | 'on-failure'; MaximumRetryCount?: number };
  [field: string]: unknown;
}

export interface ContainerUpdateResponse {
  Warnings: string[] | null;
}

/** GET /system/df. */
export interface SystemDf {
  LayersSize: number;
  Images: ImageSummary[] | null;
  Containers: ContainerSummary[] | null;
  Volumes: Volume[] | null;
  BuildCache?: unknown[] | null;
  [field: string]: unknown;
}
