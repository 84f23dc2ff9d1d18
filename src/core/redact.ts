/**
 * Removes secrets from any text hublint prints: URL credentials, Authorization values,
 * bearer tokens and JWTs, Docker Hub access tokens, X-Registry-Auth values, config.json
 * `auth` values and passwords on `docker login` / `curl -u` command lines.
 */
const MASK = '***';

const PATTERNS: Array<[RegExp, string]> = [
  // scheme://user:pass@host → scheme://***@host (and user-only forms keep the user)
  [/([a-z][a-z0-9+.-]*:\/\/)([^/\s:@'"`]+):([^/\s@'"`]+)@/gi, `$1$2:${MASK}@`],
  [/\bdckr_(pat|oat)_[A-Za-z0-9_-]+/g, `dckr_$1_${MASK}`],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, MASK],
  [/(\bauthorization["']?\s*[:=]\s*["']?\s*(?:(?:bearer|basic|jwt|token)\s+)?)[^\s"',;}]+/gi, `$1${MASK}`],
  [/(\bbearer\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1${MASK}`],
  [/(\bx-registry-auth["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi, `$1${MASK}`],
  [/(["']auth["']\s*:\s*["'])[^"']+/gi, `$1${MASK}`],
  // `echo PASS | docker login --password-stdin` hands the password over a pipe.
  [/(\b(?:echo|printf)\s+)("[^"]*"|'[^']*'|\S+)(?=\s*\|\s*docker\s+login\b)/g, `$1${MASK}`],
  [/((?:^|\s)(?:--password|-p)(?:=|\s+))(?!-)("[^"]*"|'[^']*'|\S+)/g, `$1${MASK}`],
  [/((?:^|\s)(?:-u|--user)(?:=|\s+)["']?[^\s:"']+:)[^\s"']+/g, `$1${MASK}`],
  [/(\b(?:password|passwd|secret|token)["']?\s*[:=]\s*["'])[^"']{3,}/gi, `$1${MASK}`],
];

export function redact(text: string): string {
  let out = text;
  for (const [re, to] of PATTERNS) out = out.replace(re, to);
  return out;
}
