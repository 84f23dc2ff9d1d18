import { compareApiVersions } from '../engine/versions.js';
import type { Judgement } from './judge.js';
import { releaseSpan } from './releases.js';
import type { DaemonTarget, PinForm } from './types.js';

type FixText = (range: string, d: DaemonTarget, who: string) => string;

/**
 * The change to suggest per form (docs/engine-api.md §4: the fix is negotiation). `range` is
 * the versions the daemon accepts (`who`: "this daemon", or every Engine listed), for the
 * forms that can only be raised or lowered.
 */
const NEGOTIATE: Record<PinForm, FixText> = {
  go: () => 'let the client negotiate; drop WithVersion / the fixed version and use client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation()) (github.com/moby/moby/client ≥ v0.2 negotiates by default)',
  python: () => 'use version="auto" (or leave version out: the default since docker-py 4.3.1)',
  node: (range, _d, who) => `create the client without \`version\` (dockerode does not negotiate: read Api-Version from /_ping if a version is needed; ${who} accepts ${range})`,
  java: (range, _d, who) => `remove the pinned version (withApiVersion / RemoteApiVersion / api.version) or set one ${who} accepts (${range}); upgrade docker-java / Testcontainers`,
  env: (range, _d, who) => `remove the variable so the client negotiates, or set it to a version ${who} accepts (${range})`,
  url: (range, _d, who) => `use a version ${who} accepts in the path (${range}), ideally the Api-Version that /_ping answers`,
  config: (range, _d, who) => `set api_version: auto where supported (Ansible community.docker), or a quoted version ${who} accepts (${range})`,
  constant: (range, _d, who) => `derive the version from /_ping's Api-Version header, or set the constant to one ${who} accepts (${range})`,
  'cli-image': (range, _d, who) => `use a docker CLI image whose API range meets what ${who} accepts (${range}), e.g. the daemon's own release`,
  'daemon-min': () => 'nothing to change in the client',
};

export function acceptedRange(d: DaemonTarget): string {
  return `${d.minApiVersion}–${d.apiVersion}`;
}

/** Null when the pin works as written (accepted, or a negotiating CLI served at its max). */
export function fixFor(form: PinForm, judgement: Judgement, daemon: DaemonTarget): string | null {
  if (judgement.verdict === 'accepted') return null;
  if (judgement.verdict === 'unversioned') return `add the version to the path (/v${daemon.apiVersion}/…): requests without one are deprecated`;
  return NEGOTIATE[form](acceptedRange(daemon), daemon, 'this daemon');
}

/**
 * The versions every target accepts: the overlap of their ranges, or null when there is
 * none (then only negotiation serves them all).
 */
export function commonRange(targets: readonly DaemonTarget[]): DaemonTarget | null {
  const min = targets.map((t) => t.minApiVersion).reduce((a, b) => (compareApiVersions(a, b) >= 0 ? a : b));
  const max = targets.map((t) => t.apiVersion).reduce((a, b) => (compareApiVersions(a, b) <= 0 ? a : b));
  if (compareApiVersions(min, max) > 0) return null;
  return { against: targets.map((t) => t.against).join(', '), minApiVersion: min, apiVersion: max };
}

/**
 * The one fix for a pin judged against several Engines: a version in the overlap of their
 * ranges, named as such; with no overlap, say so and suggest negotiation.
 */
export function fixForAll(form: PinForm, targets: readonly DaemonTarget[]): string {
  // Two or three Engines are named with their ranges; a series (`--engine 29`) by its span.
  const names = targets.length <= 3 ? targets.map((t) => `${t.against} (${acceptedRange(t)})`).join(', ') : releaseSpan(targets.map((t) => t.against));
  const common = commonRange(targets);
  if (common) return NEGOTIATE[form](acceptedRange(common), common, `every listed Engine (${names})`);
  return `no API version is accepted by every listed Engine (${names}): let the client negotiate the version (Go WithAPIVersionNegotiation(), docker-py version="auto", dockerode: the Api-Version from /_ping) instead of pinning one`;
}
