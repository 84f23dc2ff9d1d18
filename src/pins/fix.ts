import type { Judgement } from './judge.js';
import type { DaemonTarget, PinForm } from './types.js';

type FixText = (range: string, d: DaemonTarget) => string;

/**
 * The change to suggest per form (docs/engine-api.md §4: the fix is negotiation). `range` is
 * the versions the daemon accepts, for the forms that can only be raised or lowered.
 */
const NEGOTIATE: Record<PinForm, FixText> = {
  go: () => 'drop WithVersion / the fixed version and use client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation()) (github.com/moby/moby/client ≥ v0.2 negotiates by default)',
  python: () => 'use version="auto" (or leave version out: the default since docker-py 4.3.1)',
  node: (range) => `create the client without \`version\` (dockerode does not negotiate: read Api-Version from /_ping if a version is needed; this daemon accepts ${range})`,
  java: (range) => `remove the pinned version (withApiVersion / RemoteApiVersion / api.version) or set one this daemon accepts (${range}); upgrade docker-java / Testcontainers`,
  env: (range) => `remove the variable so the client negotiates, or set it to a version this daemon accepts (${range})`,
  url: (range) => `use a version this daemon accepts in the path (${range}), ideally the Api-Version that /_ping answers`,
  config: (range) => `set api_version: auto where supported (Ansible community.docker), or a quoted version this daemon accepts (${range})`,
  constant: (range) => `derive the version from /_ping's Api-Version header, or set the constant to one this daemon accepts (${range})`,
  'cli-image': (_range, d) => `use a docker CLI image whose API range meets this daemon's (${d.minApiVersion}–${d.apiVersion}), e.g. the daemon's own release`,
  'daemon-min': () => 'nothing to change in the client',
};

export function acceptedRange(d: DaemonTarget): string {
  return `${d.minApiVersion}–${d.apiVersion}`;
}

/** Null when the pin works as written (accepted, or a negotiating CLI served at its max). */
export function fixFor(form: PinForm, judgement: Judgement, daemon: DaemonTarget): string | null {
  if (judgement.verdict === 'accepted') return null;
  if (judgement.verdict === 'unversioned') return `add the version to the path (/v${daemon.apiVersion}/…): requests without one are deprecated`;
  return NEGOTIATE[form](acceptedRange(daemon), daemon);
}
