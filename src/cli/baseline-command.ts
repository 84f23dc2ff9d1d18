import type { Command } from 'commander';
import { DEFAULT_BASELINE, makeBaseline } from '../suppress/baseline.js';
import { refuseOutputOverInput, writeReportFile } from './output.js';
import { printable, say } from './emit.js';
import { letSignalsIn } from './signals.js';
import { addScanOptions, prepareScan, scanWith, type ScanFlags } from './scan-command.js';

export function registerBaselineCommand(program: Command): void {
  const cmd = program
    .command('baseline')
    .description(`record today's findings (by fingerprint) so that later scans report only new ones`)
    .argument('[paths...]', 'files and folders to scan (default: .)')
    .option('-o, --output <file>', `where to write the baseline (default: the config's baseline, else ${DEFAULT_BASELINE})`);
  addScanOptions(cmd).action(async (paths: string[], flags: ScanFlags & { output?: string }) => {
    // The baseline this command writes is no input of its scan: the file may not exist yet.
    const prepared = await prepareScan(paths, { ...flags, output: undefined, report: [], format: 'json' }, false);
    // Written where later scans look for it: the file the config names, as `--baseline` would.
    const output = flags.output ?? prepared.config.baseline ?? DEFAULT_BASELINE;
    // Re-recording over the old baseline is the point of the command: only the other inputs count.
    refuseOutputOverInput([{ what: '-o', path: output }], prepared.inputs, prepared.scanned);
    // The baseline holds everything found now, whatever an older baseline said.
    const result = await scanWith(prepared);
    const baseline = makeBaseline(result.findings);
    await letSignalsIn();
    writeReportFile(output, printable(`${JSON.stringify(baseline, null, 2)}\n`, 'json'));
    say(`hublint: wrote ${output} with ${baseline.findings.length} findings`);
  });
}
