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
