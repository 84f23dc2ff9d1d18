import { DockerApiError, DockerEngineClient, normalizeApiVersion, type CallOptions, type DockerEngineClientOptions } from '../engine/index.js';
import { EngineError } from '../engine/errors.js';
import { findRelease } from './releases.js';
import type { DaemonTarget, ProbeResult } from './types.js';

/**
 * Client options for hublint's own requests: the user's DOCKER_API_VERSION is a pin to
 * judge, not one to obey, so hublint always negotiates (or sends the probed version).
 */
export function ownClientOptions(options: DockerEngineClientOptions): DockerEngineClientOptions {
  const env = { ...(options.env ?? process.env) };
  delete env.DOCKER_API_VERSION;
  return { ...options, env };
}

/**
 * The live daemon's range: `/_ping` for reachability and its Api-Version, `/version` for
 * ApiVersion and MinAPIVersion, so a lowered minimum (DOCKER_MIN_API_VERSION,
 * min-api-version) is honoured. A daemon too old to report its minimum gets its release's.
 */
export async function liveTarget(options: DockerEngineClientOptions, call: CallOptions = {}): Promise<DaemonTarget> {
  const client = new DockerEngineClient(ownClientOptions(options));
  const ping = await client.ping(call);
  const version = await client.version(call);
  const max = normalizeApiVersion(version.ApiVersion ?? '') ?? normalizeApiVersion(ping.apiVersion ?? '');
  const min = normalizeApiVersion(version.MinAPIVersion ?? '') ?? findRelease(version.Version)?.minApi;
  if (max === undefined || min === undefined) {
    throw new EngineError(`The Docker daemon (Engine ${version.Version}) did not say which API versions it accepts`, {
      hint: 'Judge against a release from the table instead: --engine <release>.',
    });
  }
  return { against: version.Version, apiVersion: max, minApiVersion: min };
}

/** `--probe`: `GET /v<version>/version` on the live daemon; a refusal is an answer, not an error. */
export function liveProbe(options: DockerEngineClientOptions, call: CallOptions = {}): (version: string) => Promise<ProbeResult> {
  return async (version) => {
    const client = new DockerEngineClient({ ...ownClientOptions(options), apiVersion: version });
    try {
      const answer = await client.version(call);
      return { status: 200, message: `Engine ${answer.Version}, ApiVersion ${answer.ApiVersion}` };
    } catch (error) {
      if (error instanceof DockerApiError) return { status: error.status, message: error.daemonMessage };
      throw error;
    }
  };
}
