import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import type { Finding, ScanStats } from '../../core/types.js';
import { loadConfig } from '../../config/load-config.js';
import { TOOL_NAME, toolVersion } from '../../core/version.js';
import { checkPins } from '../../pins/check.js';
import { liveProbe, liveTarget } from '../../pins/live.js';
import { parseEngineList, releaseSpan, targetOfRelease } from '../../pins/releases.js';
import { lintPins } from '../../scan/run.js';
import type { DaemonTarget } from '../../pins/types.js';
import { FORMATS, reporterFor } from '../../report/index.js';
import { ENGINE_TABLE } from '../../rules/engine-table.generated.js';
import { emit, emitLine, kindOfFormat, printable } from '../emit.js';
import { failOnOption, gateBeforePrinting, gateExit, maxWarningsOption, parseMaxWarnings, recount, type FailOn } from '../gate.js';
import { refuseOutputOverInput, scannedRoots, useColor, writeReportFile } from '../output.js';
import { excludesOf, includesOf } from '../scan-command.js';

/**
 * `hublint pins [paths]` and `hublint engine check [paths]`: a thin edge over src/pins.
 * The run functions take their streams, environment and cwd, so tests call them in-process;
 * they throw HublintErrors (exit 2) and answer 0 or 1.
 */

export interface PinsIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  color?: boolean;
  signal?: AbortSignal;
  /** Told the exit code before the report is printed (the CLI sets process.exitCode: a closed pipe keeps it). */
  gateKnown?: (code: number) => void;
}

export interface PinsOptions {
  format?: string;
  /** false with --no-ignore. */
  ignore?: boolean;
  /** -c: this config file instead of the nearest .hublint.yaml (its include, exclude, maxFileSize). */
  config?: string;
  /** --exclude, repeatable, added to the config's. */
  exclude?: string[];
  /** -o: the report goes to this file. */
  output?: string;
  /** --fail-on: exit 1 at or above it (a listed pin is info: `pins --fail-on info` fails on any pin). */
  failOn?: FailOn;
}

export interface EngineCheckOptions extends PinsOptions {
  /** `25.0,29.0,29.3` (repeatable: `--engine 29.0 --engine 20.10`): judge offline against these table rows. */
  engine?: string | string[];
  probe?: boolean;
  host?: string;
  /** The gate, as a scan's: --fail-on (default: the config's failOn, else warning) and --max-warnings. */
  maxWarnings?: string;
}


async function scan(paths: string[], options: PinsOptions, io: PinsIo) {
  if (options.format !== undefined && !FORMATS.includes(options.format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not '${options.format}'`);
  }
  const cwd = io.cwd ?? process.cwd();
  // The same config a scan reads: which files (include, exclude, size), and its failOn.
  const { file: configFile, config } = await loadConfig(cwd, options.config);
  // As for a scan: a report over a file it reads (named, found in a folder, the config) is refused.
  if (options.output !== undefined) {
    const inputs = [...paths.map((p) => ({ what: 'the scanned file', path: resolve(cwd, p) })), ...(configFile ? [{ what: 'the config', path: configFile }] : [])];
    refuseOutputOverInput([{ what: '-o', path: options.output === '-' ? '-' : resolve(cwd, options.output) }], inputs, scannedRoots(paths, cwd));
  }
  const { findings, stats } = await lintPins({
    paths,
    cwd,
    noIgnore: options.ignore === false,
    include: includesOf(config, configFile),
    exclude: excludesOf(config, configFile, { exclude: options.exclude ?? [], ignorePattern: [] }),
    maxFileSize: config.maxFileSize,
    onNotice: (m) => emitLine(io.stderr, `hublint: ${m}`),
  });
  return { findings, stats, failOn: options.failOn ?? config.failOn ?? 'warning' };
}

async function report(findings: readonly Finding[], stats: ScanStats, options: PinsOptions, io: PinsIo): Promise<void> {
  const reporter = await reporterFor(options.format ?? 'text');
  const text = reporter(findings, { tool: { name: TOOL_NAME, version: toolVersion() }, rules: [], ruleDescriptions: ENGINE_TABLE.rules, stats, color: io.color === true, cwd: io.cwd ?? process.cwd() });
  if (options.output !== undefined) writeReportFile(options.output, printable(text, kindOfFormat(options.format ?? 'text')));
  else emit(io.stdout, text, kindOfFormat(options.format ?? 'text', io.color === true));
}

/** Lists the pins; 0 unless --fail-on (or the config's failOn) reaches info: a pin is information until judged. */
export async function runPins(paths: string[], options: PinsOptions, io: PinsIo): Promise<number> {
  const { findings, stats, failOn } = await scan(paths, options, io);
  const code = gateExit(findings, { failOn }, (line) => emitLine(io.stderr, line));
  io.gateKnown?.(code);
  await report(findings, stats, options, io);
  return code;
}

/** Judges the pins against table releases (--engine) or the live daemon; 1 when the gate (--fail-on, --max-warnings) fails. */
export async function runEngineCheck(paths: string[], options: EngineCheckOptions, io: PinsIo): Promise<number> {
  if (options.engine !== undefined && options.probe) {
    throw new UsageError('--probe asks the live daemon; it does not go with --engine (a release from the table)');
  }
  if (options.engine !== undefined && options.host !== undefined) {
    throw new UsageError('-H/--host names a live daemon; it does not go with --engine (a release from the table)');
  }
  // Flags are checked before anything touches the disk or the daemon.
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  const releases = options.engine === undefined ? undefined : parseEngineList([options.engine].flat().join(','));
  const client = { host: options.host, env: io.env ?? process.env };
  const call = { signal: io.signal };
  const targets: DaemonTarget[] = releases ? releases.map(targetOfRelease) : [await liveTarget(client, call)];
  const { findings, stats, failOn } = await scan(paths, options, io);
  const checked = await checkPins(findings, {
    targets,
    probe: options.probe ? liveProbe(client, call) : undefined,
    onDisagreement: (line) => emitLine(io.stderr, `hublint: ${line}`),
  });
  recount(stats, checked.findings);
  if ((options.format ?? 'text') === 'text') {
    // A series (`--engine 29`) by its span: eight ranges on one line say less than the verdicts.
    const against = targets.length > 3 ? `Engine ${releaseSpan(targets.map((t) => t.against))} (${targets.length} releases)` : targets.map((t) => `Engine ${t.against} (API ${t.minApiVersion}–${t.apiVersion})`).join(', ');
    emitLine(io.stderr, `hublint: judged against ${against}`);
  }
  // Problems fail the run as a scan's do: a pin the daemon rejects is an error, one it will soon reject a warning.
  const code = gateExit(checked.findings, { failOn, maxWarnings }, (line) => emitLine(io.stderr, line));
  io.gateKnown?.(code);
  await report(checked.findings, stats, options, io);
  return code;
}

function formatOption(): Option {
  return new Option('-f, --format <format>', 'output format').choices(FORMATS).default('text');
}

/** The options of a pin scan that `pins` and `engine check` share with a Hub scan. */
function addPinScanOptions(command: Command): Command {
  return command
    .option('-c, --config <file>', 'use this config file instead of the nearest .hublint.yaml')
    .option('--exclude <glob>', 'leave out files matching GLOB, as config exclude: does (repeatable)', (v: string, p: string[] = []) => [...p, v])
    .addOption(formatOption())
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--no-ignore', 'scan everything but .git: ignore neither .gitignore nor node_modules');
}

function ioOf(stream: NodeJS.WriteStream = process.stdout): PinsIo {
  return { stdout: stream, stderr: process.stderr, env: process.env, cwd: process.cwd(), color: useColor(stream), gateKnown: gateBeforePrinting };
}

export function registerPinsCommand(program: Command): void {
  const pins = program
    .command('pins')
    .description('list the Docker Engine API versions the code pins (env, URLs, SDK calls, configs, CLI images)')
    .argument('[paths...]', 'files and folders to scan (default: .)');
  addPinScanOptions(pins)
    .addOption(failOnOption())
    .action(async (paths: string[], options: PinsOptions) => {
      process.exitCode = await runPins(paths, options, ioOf());
    });
}

/** Adds `check` to the `engine` command (whose -H/--host it inherits). */
export function addEngineCheckCommand(engine: Command): void {
  const check = engine
    .command('check')
    .description('judge each pinned Engine API version against the live daemon or Engine releases (--engine); exit 1 on problems at or above --fail-on')
    .argument('[paths...]', 'files and folders to scan (default: .)')
    .option(
      '--engine <releases>',
      'judge offline against these releases from the table: 29 (every 29.x), 29.0, 29.0.1, 20.10.24+dfsg1, a list 25.0,29.0,29.3; repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .addOption(failOnOption())
    .addOption(maxWarningsOption())
    .option('--probe', 'also send GET /v<pin>/version to the live daemon for each distinct pin and report its answer')
    .option('-H, --host <host>', 'daemon address (overrides the engine-level --host)');
  addPinScanOptions(check)
    .action(async (paths: string[], options: EngineCheckOptions, command: Command) => {
      const inherited = (command.parent?.opts() as { host?: string } | undefined)?.host;
      process.exitCode = await runEngineCheck(paths, { ...options, host: options.host ?? inherited }, ioOf());
    });
}
