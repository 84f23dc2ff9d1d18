import { resolve } from 'node:path';
import { UsageError } from '../../core/errors.js';
import { readSmallFile } from '../../engine/read-file.js';
import { applyRunOptions } from './run-options.js';

/**
 * `engine run`'s docker-style options turned into the body of POST /containers/create,
 * the way the docker CLI builds it (cli/command/container/opts.go): the same option names,
 * the same defaults, the same errors for malformed values.
 */

export interface RunFlags {
  env?: string[];
  envFile?: string[];
  workdir?: string;
  user?: string;
  entrypoint?: string;
  label?: string[];
  labelFile?: string[];
  volume?: string[];
  interactive?: boolean;
  tty?: boolean;
  network?: string;
  logDriver?: string;
  rm?: boolean;
  detach?: boolean;
}

export interface CreateConfig {
  [field: string]: unknown;
  Env?: string[];
  WorkingDir?: string;
  User?: string;
  Entrypoint?: string[];
  Labels?: Record<string, string>;
  OpenStdin?: boolean;
  StdinOnce?: boolean;
  AttachStdin?: boolean;
  AttachStdout?: boolean;
  AttachStderr?: boolean;
  HostConfig: {
    Binds?: string[];
    NetworkMode?: string;
    AutoRemove?: boolean;
    LogConfig?: { Type: string; Config: Record<string, string> };
  };
}

/** Builds the create body (everything but Image, Cmd and Tty) from the flags. */
export async function createConfigOf(flags: RunFlags, env: NodeJS.ProcessEnv): Promise<CreateConfig> {
  const config: CreateConfig = { HostConfig: {} };
  const vars: string[] = [];
  // As docker: --env-file first, then -e, so that -e wins for a name set in both.
  for (const file of flags.envFile ?? []) vars.push(...(await readEnvFile(file, env)));
  for (const item of flags.env ?? []) {
    const value = envItem(item, env, '-e');
    if (value !== undefined) vars.push(value);
  }
  if (vars.length > 0) config.Env = vars;
  if (flags.workdir !== undefined) {
    // The daemon wants an absolute path in the container; docker says so before asking it.
    if (!flags.workdir.startsWith('/')) throw new UsageError(`the working directory '${flags.workdir}' is invalid, it needs to be an absolute path`);
    config.WorkingDir = flags.workdir;
  }
  if (flags.user !== undefined) config.User = flags.user;
  // `--entrypoint ""` clears the image's entrypoint, as in docker.
  if (flags.entrypoint !== undefined) config.Entrypoint = [flags.entrypoint];
  // As docker: --label-file first, then -l, so that -l wins for a key set in both.
  const labels: string[] = [];
  for (const file of flags.labelFile ?? []) labels.push(...(await readKeyValueFile(file, '--label-file')).map(({ line }) => line));
  labels.push(...(flags.label ?? []));
  if (labels.length > 0) {
    config.Labels = {};
    for (const item of labels) {
      const eq = item.indexOf('=');
      config.Labels[eq === -1 ? item : item.slice(0, eq)] = eq === -1 ? '' : item.slice(eq + 1);
    }
  }
  if (flags.volume !== undefined && flags.volume.length > 0) config.HostConfig.Binds = flags.volume.map(bindOf);
  if (flags.network !== undefined) config.HostConfig.NetworkMode = flags.network;
  if (flags.logDriver !== undefined) config.HostConfig.LogConfig = { Type: flags.logDriver, Config: {} };
  // --rm: the daemon removes the container once it has exited, whatever happens to hublint.
  if (flags.rm) config.HostConfig.AutoRemove = true;
  if (flags.interactive) {
    config.OpenStdin = true;
    config.AttachStdin = !flags.detach;
    // StdinOnce: the container's stdin closes when the attached client half-closes (EOF).
    config.StdinOnce = !flags.detach;
  }
  config.AttachStdout = !flags.detach;
  config.AttachStderr = !flags.detach;
  applyRunOptions(flags as Record<string, unknown>, config);
  return config;
}

/**
 * `-v SRC:DST[:OPTS]`. A host path must be absolute for the daemon; like newer docker
 * CLIs, `./x` and `../x` are made absolute here (a bare name is a named volume).
 */
function bindOf(spec: string): string {
  if (spec === '') throw new UsageError('invalid empty volume spec');
  const parts = spec.split(':');
  if (parts.length > 3) throw new UsageError(`invalid volume specification: '${spec}'`);
  const [source] = parts;
  if (parts.length >= 2 && (source === '.' || source === '..' || source.startsWith('./') || source.startsWith('../'))) {
    parts[0] = resolve(source);
  }
  return parts.join(':');
}

/** `KEY=VALUE` as given; `KEY` alone takes the value from hublint's environment, or is dropped. */
function envItem(item: string, env: NodeJS.ProcessEnv, where: string): string | undefined {
  const eq = item.indexOf('=');
  const name = eq === -1 ? item : item.slice(0, eq);
  // `=VALUE` names no variable; the value is not repeated (an env file holds secrets).
  if (name === '') throw new UsageError(`${where}: invalid environment variable: no name before '='`);
  if (eq !== -1) return item;
  const value = env[name];
  return value === undefined ? undefined : `${name}=${value}`;
}

/**
 * docker's env-file format: one `KEY=VALUE` (or `KEY`) a line, `#` comments, blank lines
 * skipped, the value taken as written (no quotes removed); a name with whitespace is an error.
 */
async function readEnvFile(file: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const out: string[] = [];
  for (const { line, where } of await readKeyValueFile(file, '--env-file')) {
    const value = envItem(line, env, where);
    if (value !== undefined) out.push(value);
  }
  return out;
}

/**
 * The lines of an env-file or label-file (docker's parseKeyValueFile): `#` comments and
 * blank lines skipped, leading white space dropped, a name with white space an error.
 */
async function readKeyValueFile(file: string, option: string): Promise<{ line: string; where: string }[]> {
  let text: string;
  try {
    text = (await readSmallFile(file, 16 * 1024 * 1024)).toString('utf8');
  } catch (error) {
    throw new UsageError(`${option}: ${(error as Error).message}`);
  }
  const out: { line: string; where: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const name = eq === -1 ? line : line.slice(0, eq);
    // Named by its line only: without an `=`, the "name" is the whole line, a value included.
    if (/\s/.test(name)) throw new UsageError(`${option} ${file}:${index + 1}: the variable name contains whitespace`);
    out.push({ line, where: `${option} ${file}:${index + 1}` });
  });
  return out;
}
