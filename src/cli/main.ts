#!/usr/bin/env node
import { Command } from 'commander';
import { toolVersion } from '../core/version.js';
import { UsageError } from '../core/errors.js';
import { reportError } from './errors.js';
import { err, onBrokenPipe, out, say, standardOutputSettled, standardStreamFailure } from './emit.js';
import { setYamlWarningHandler } from '../runtime/yaml-lib.js';
import { enableTimings } from '../runtime/stage-clock.js';
import { signalsHandedOver } from './signals.js';
import { registerRulesCommand } from './rules-command.js';
import { addFixOptions, addReportOptions, addScanOptions, runScan, type ScanFlags } from './scan-command.js';
import { registerBaselineCommand } from './baseline-command.js';
import { registerMergeCommand } from './merge-command.js';
import { registerInitCommand } from './init-command.js';

const EXIT_HELP = `
Exit codes:
  0    no finding at or above --fail-on
  1    findings at or above --fail-on (or more than --max-warnings); the same in
       merge and engine check; with --quiet, warnings do not count
  2    usage, configuration or runtime error
  125  engine run: hublint itself failed (as docker run)
  130  interrupted (SIGINT); 143 terminated (SIGTERM)`;

// `hublint … | head` closes the pipe early: that is the reader's choice, not an error.
// (`engine run` handles it itself: it says so and leaves its container running, as `docker run` does.)
const brokenPipe = () => {
  if (!signalsHandedOver()) process.exit(process.exitCode ?? 0);
};
onBrokenPipe(brokenPipe);
// The stream objects are made only when a command uses them (emit.ts writes without them):
// each gets the same handler when it is made.
for (const name of ['stdout', 'stderr'] as const) {
  const guard = (stream: NodeJS.WriteStream) =>
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') return brokenPipe();
      // Node's own stream met a full disk or a closed descriptor (`pins > /dev/full`): the one
      // line emit.ts gives for its own writes, exit 2, never a stack.
      process.exit(reportError(standardStreamFailure(name === 'stdout' ? 1 : 2, error.code, error), false));
    });
  const made = Object.getOwnPropertyDescriptor(process, name);
  if (!made?.get || !made.configurable) {
    guard(process[name]);
    continue;
  }
  Object.defineProperty(process, name, {
    configurable: true,
    enumerable: made.enumerable,
    get() {
      const stream = made.get!.call(process) as NodeJS.WriteStream;
      Object.defineProperty(process, name, { configurable: true, enumerable: made.enumerable, get: made.get });
      guard(stream);
      return stream;
    },
  });
}

async function main(argv: string[]): Promise<number> {
  setYamlWarningHandler((line) => say(`hublint: ${line}`));
  const debug = argv.includes('--debug');
  if (debug) enableTimings();
  let exitCode = 0;
  const program = new Command('hublint')
    .description('Find calls to deprecated Docker Hub API endpoints and pinned Docker Engine API versions')
    .version(toolVersion(), '-v, --version')
    .argument('[paths...]', 'files and folders to scan (default: .)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => out(s), writeErr: (s) => err(s.startsWith('error:') ? `hublint: ${s.slice(7)}` : s) })
    .showSuggestionAfterError()
    // Root options count only before a subcommand: `rules --format json` is the subcommand's
    // --format, and `engine run IMAGE CMD --flags` hands the flags to the container.
    .enablePositionalOptions()
    // `hublint help [command]`, as git and npm have it (commander adds it only to programs
    // without an action of their own; ours scans). A file named `help` is scanned as `./help`.
    .helpCommand('help [command]', 'show help for a command')
    .addHelpText('after', EXIT_HELP);
  addFixOptions(addReportOptions(addScanOptions(program)))
    .option('--print-config <file>', 'print the configuration that applies to FILE as JSON, and scan nothing')
    .action(async (paths: string[], flags: ScanFlags) => {
    exitCode = await runScan(paths, flags);
    scanned = true;
  });
  const helpAsked = argv.some((a) => HELP_WORDS.has(a));
  for (const [word, register] of SUBCOMMANDS) if (helpAsked || argv.includes(word)) register(program);
  await registerOptional(program, argv, helpAsked);
  try {
    if (argv[0] === 'help') return helpFor(program, argv.slice(1));
    await program.parseAsync(argv, { from: 'user' });
    // Subcommands that set process.exitCode themselves (engine, pins) keep it.
    return exitCode || (typeof process.exitCode === 'number' ? process.exitCode : 0);
  } catch (error) {
    return reportError(error, debug);
  }
}

/**
 * `hublint help [command...]`, as git and npm have it: the help of the command the words name
 * (`help engine run` is engine run's), and an unknown name a usage error (exit 2) rather than
 * the main help, which would read as if the command existed. Commander's own help command
 * resolves one word only and falls back to the main help.
 */
function helpFor(program: Command, words: string[]): number {
  let command = program;
  for (const word of words) {
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const where = command === program ? 'hublint' : `hublint ${command.name()}`;
      throw new UsageError(`unknown command '${word}'`, { hint: `\`${where} --help\` lists the commands` });
    }
    command = next;
  }
  command.outputHelp();
  return 0;
}

/** Set when the scan has ended: its reports are written and its threads closed. */
let scanned = false;

const HELP_WORDS = new Set(['help', '--help', '-h']);

/**
 * A plain scan (the pre-commit case) reaches no subcommand: each is made, with its options,
 * only when the command line names it or asks for help, which lists them all.
 */
const SUBCOMMANDS: [string, (program: Command) => void][] = [
  ['rules', registerRulesCommand],
  ['baseline', registerBaselineCommand],
  ['merge', registerMergeCommand],
  ['init', registerInitCommand],
];

const OPTIONAL_WORDS = new Set(['engine', 'pins']);

/**
 * The Engine client and the pin checker are large module graphs that a plain scan (the
 * pre-commit case) never needs: they load only when the command line can reach them.
 */
async function registerOptional(program: Command, argv: string[], helpAsked: boolean): Promise<void> {
  if (!helpAsked && !argv.some((a) => OPTIONAL_WORDS.has(a))) return;
  const [{ registerEngineCommands }, { registerPinsCommand, addEngineCheckCommand }] = await Promise.all([
    import('./commands/engine.js'),
    import('./commands/pins.js'),
  ]);
  registerEngineCommands(program);
  registerPinsCommand(program);
  const engine = program.commands.find((c) => c.name() === 'engine');
  if (engine) addEngineCheckCommand(engine);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // A scan has nothing left to do: leaving now skips waiting for V8's background compiles
    // and freeing the heap, 4–10 ms of a 40 ms pre-commit run. The other commands may still
    // hold sockets and streams that end on their own.
    if (scanned && standardOutputSettled()) process.exit();
  },
  (error) => {
    process.exitCode = reportError(error, process.argv.includes('--debug'));
  },
);
