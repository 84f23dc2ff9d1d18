/**
 * Just enough of Docker's image reference grammar to pull: where the registry is and
 * which part is the tag or digest.
 */

export interface ImageReference {
  /** Everything before the tag or digest, e.g. `127.0.0.1:5000/team/busybox`. */
  name: string;
  tag?: string;
  digest?: string;
}

export function splitImageReference(reference: string): ImageReference {
  const at = reference.indexOf('@');
  if (at !== -1) return { name: reference.slice(0, at), digest: reference.slice(at + 1) };
  const lastSlash = reference.lastIndexOf('/');
  const lastColon = reference.lastIndexOf(':');
  // A colon before the last slash is a registry port, not a tag.
  if (lastColon > lastSlash) return { name: reference.slice(0, lastColon), tag: reference.slice(lastColon + 1) };
  return { name: reference };
}

/**
 * The registry host of a reference: its first component when that looks like a host
 * (has a dot or a port, or is `localhost`), else Docker Hub (`docker.io`).
 */
export function registryOfImage(reference: string): string {
  const slash = reference.indexOf('/');
  if (slash === -1) return 'docker.io';
  const first = reference.slice(0, slash);
  if (first.includes('.') || first.includes(':') || first === 'localhost') return first;
  return 'docker.io';
}
