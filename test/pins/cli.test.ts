import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addEngineCheckCommand, registerPinsCommand, runEngineCheck, runPins } from '../../src/cli/commands/pins.js';
import { UsageError } from '../../src/core/errors.js';
import { lintPins } from '../../src/scan/run.js';
import type { JsonFinding } from '../../src/report/finding-json.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { memoryIo } from './io.js';
import { hublint } from '../helpers/cli.js';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { ENGINE_TABLE } from '../../src/rules/engine-table.generated.js';

const ROOT = join(FIXTURES, 'pins');

describe('hublint pins', () => {
  it('lists every pin as info and exits 0', async () => {
    const io = memoryIo(ROOT);
    expect(await runPins(['go', 'env/deploy.sh'], { format: 'json' }, io)).toBe(0);
    const { findings } = JSON.parse(io.out()) as { findings: JsonFinding[] };
    expect(findings.map((f) => [f.file, f.line, f.version, f.form, f.severity])).toEqual([
      ['env/deploy.sh', 5, '1.41', 'env', 'info'],
      ['env/deploy.sh', 6, '1.24', 'env', 'info'],
      ['env/deploy.sh', 7, '1.25', 'env', 'info'],
      ['env/deploy.sh', 8, '1.40', 'env', 'info'],
      ['go/main.go', 12, '1.41', 'go', 'info'],
      ['go/main.go', 16, '1.24', 'go', 'info'],
      ['go/main.go', 20, '1.44', 'go', 'info'],
      ['go/main.go', 24, '1.25', 'go', 'info'],
      // A project's own option function (`APIVersion("1.43")`) sets the pin too.
      ['go/options.go', 22, '1.43', 'go', 'info'],
      // A factory's options struct: each literal its version field is given, through the parameter's type.
      ['go/typed_options.go', 27, '1.41', 'constant', 'info'],
      ['go/typed_options.go', 33, '1.43', 'constant', 'info'],
      ['go/typed_options.go', 40, '1.24', 'constant', 'info'],
      ['go/typed_options.go', 45, '1.40', 'constant', 'info'],
      // A test table's rows are the test's inputs; a test that dials a daemon at a fixed level pins it.
      ['go/typed_options_test.go', 40, '1.45', 'constant', 'info'],
    ]);
    expect(findings.every((f) => (f.status as string) === 'pin' && f.fingerprint.length === 32)).toBe(true);
  });

  it('honours inline suppressions, as the Hub scan does', async () => {
    const text = '# hublint-disable-next-line engine-api-pin\nexport DOCKER_API_VERSION=1.41\nexport DOCKER_API_VERSION=1.24\n';
    const { findings, stats } = await lintPins({ files: [{ path: 'env.sh', text }] });
    expect(findings.map((f) => f.pin?.version)).toEqual(['1.24']);
    expect(stats).toMatchObject({ filesScanned: 1, findings: 1, bySeverity: { error: 0, warning: 0, info: 1 } });
  });
});

describe('hublint engine check --engine', () => {
  it('judges offline, one verdict per release, and exits 1 on a rejection', async () => {
    const io = memoryIo(ROOT);
    expect(await runEngineCheck(['go/main.go'], { format: 'json', engine: '25.0,29.0,29.3' }, io)).toBe(1);
    const { findings } = JSON.parse(io.out()) as { findings: JsonFinding[] };
    const first = findings[0];
    expect(first).toMatchObject({ version: '1.41', severity: 'error' });
    expect((first.verdicts as Array<{ against: string; verdict: string }>).map((v) => `${v.against} ${v.verdict}`)).toEqual([
      '25.0 accepted-downgraded',
      '29.0 rejected-too-old',
      '29.3 accepted-downgraded',
    ]);
    expect(Object.keys((first.verdicts as object[])[0]).sort()).toEqual(['against', 'behind', 'errorText', 'fix', 'probe', 'verdict']);
  });

  it('gates as a scan: a downgraded pin is a warning, exit 1 unless --fail-on error', async () => {
    expect(await runEngineCheck(['go/main.go'], { engine: '25.0' }, memoryIo(ROOT))).toBe(1);
    const io = memoryIo(ROOT);
    expect(await runEngineCheck(['go/main.go'], { engine: '25.0', failOn: 'error' }, io)).toBe(0);
    expect(io.err()).toContain('judged against Engine 25.0 (API 1.24–1.44)');
    // The text line is short (issue 32 row 11); the message keeps how far behind, in the JSON.
    expect(io.out()).toMatch(/warning {2}Engine API 1\.41 — 25\.0: accepted-downgraded {2}engine-api-pin\n/);
  });

  it('keeps every --engine given (`--engine 29.0 --engine 20.10`)', async () => {
    const program = new Command().exitOverride();
    const engine = program.command('engine').option('-H, --host <host>');
    addEngineCheckCommand(engine);
    let seen: unknown;
    engine.commands[0].action((_paths: string[], options: { engine?: string[] }) => {
      seen = options.engine;
    });
    await program.parseAsync(['engine', 'check', '--engine', '29.0', '--engine', '20.10'], { from: 'user' });
    expect(seen).toEqual(['29.0', '20.10']);
    const io = memoryIo(ROOT);
    expect(await runEngineCheck(['go/main.go'], { format: 'json', engine: ['29.0', '20.10'] }, io)).toBe(1);
    const [first] = (JSON.parse(io.out()) as { findings: JsonFinding[] }).findings;
    expect((first.verdicts as { against: string }[]).map((v) => v.against)).toEqual(['29.0', '20.10']);
  });

  it('refuses an unknown release (exit 2) and --probe with --engine', async () => {
    const io = memoryIo(ROOT);
    await expect(runEngineCheck([], { engine: '19.10' }, io)).rejects.toThrow(UsageError);
    await expect(runEngineCheck([], { engine: '19.10' }, io)).rejects.toMatchObject({ exitCode: 2, hint: expect.stringContaining('29.7') });
    await expect(runEngineCheck([], { engine: '29.0', probe: true }, io)).rejects.toThrow(/--probe/);
  });

  it('wires into commander as `pins` and `engine check`', async () => {
    const program = new Command('hublint').exitOverride();
    registerPinsCommand(program);
    const engine = program.command('engine').option('-H, --host <host>');
    addEngineCheckCommand(engine);
    const names = (c: Command) => c.commands.map((x) => x.name());
    expect(names(program)).toEqual(['pins', 'engine']);
    expect(names(engine)).toEqual(['check']);
    const check = engine.commands[0];
    expect(check.options.map((o) => o.long)).toEqual(['--engine', '--fail-on', '--max-warnings', '--probe', '--host', '--config', '--exclude', '--format', '--output', '--no-ignore']);
  });
});

describe('hublint engine check --engine <series>, as typed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hl-series-'));
  writeFileSync(join(dir, '.env'), 'DOCKER_API_VERSION=1.41\n');
  const series = (prefix: string) => ENGINE_TABLE.releases.map((r) => r.engine).filter((e) => e === prefix || e.startsWith(`${prefix}.`));

  it('judges `--engine 29` against every 29.x release: an error when any rejects, naming which', () => {
    const run = hublint(['engine', 'check', '--engine', '29', '.env'], { cwd: dir });
    expect(run.code).toBe(1);
    // 29.0–29.2 raised the minimum to 1.44; 29.3 lowered it to 1.40 again (rules/engine-api.yaml).
    expect(run.stdout).toContain('error  Engine API 1.41 — 29.0–29.2: rejected-too-old; 29.3–29.7: accepted-downgraded  engine-api-pin\n');
    expect(run.stdout).toContain('fix: remove the variable so the client negotiates\n');
    expect(run.stderr).toBe(`hublint: judged against Engine 29.0–29.7 (${series('29').length} releases)\n`);
    const json = JSON.parse(hublint(['engine', 'check', '--engine', '29', '-f', 'json', '.env'], { cwd: dir }).stdout) as { findings: JsonFinding[] };
    expect((json.findings[0].verdicts as { against: string }[]).map((v) => v.against)).toEqual(series('29'));
    // The JSON message keeps the daemon's words and how far behind.
    expect(json.findings[0].message).toContain('Engine API version pinned to 1.41 (env: DOCKER_API_VERSION) — 29.0–29.2: rejected-too-old (client version 1.41 is too old.');
    expect(json.findings[0].message).toMatch(/; 29\.3–29\.7: accepted-downgraded \(\d+–\d+ versions behind\)/);
  });

  it('takes a major.minor as each patch row of it (17.03 and 17.03.1), and a full version as one row', () => {
    const minor = JSON.parse(hublint(['engine', 'check', '--engine', '17.03', '-f', 'json', '.env'], { cwd: dir }).stdout) as { findings: JsonFinding[] };
    expect((minor.findings[0].verdicts as { against: string }[]).map((v) => v.against)).toEqual(['17.03', '17.03.1']);
    const one = hublint(['engine', 'check', '--engine', '29.7.1', '.env'], { cwd: dir });
    // A warning is a problem: it fails the gate as a scan's warnings do (issue 32 row 7).
    expect([one.code, one.stderr]).toEqual([1, 'hublint: judged against Engine 29.7 (API 1.40–1.55)\n']);
    expect(one.stdout).toContain('warning  Engine API 1.41 — 29.7: accepted-downgraded  engine-api-pin');
  });
});

describe('hublint pins with -c, --exclude, -o and --fail-on, as typed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hl-pins-flags-'));
  for (const sub of ['app', 'vendor', 'old']) {
    mkdirSync(join(dir, sub));
    writeFileSync(join(dir, sub, 'ci.env'), 'DOCKER_API_VERSION=1.41\n');
  }
  writeFileSync(join(dir, 'other.yaml'), 'exclude:\n  - "old/**"\n');

  it('takes the config named by -c and --exclude, writes -o, and exits 0 (pins are info)', () => {
    const run = hublint(['pins', '-c', 'other.yaml', '--exclude', 'vendor/**', '-f', 'json', '-o', 'pins.json'], { cwd: dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '', '']);
    const { findings } = JSON.parse(readFileSync(join(dir, 'pins.json'), 'utf8')) as { findings: JsonFinding[] };
    expect(findings.map((f) => [f.file, f.version])).toEqual([['app/ci.env', '1.41']]);
  });

  it('exits 1 with --fail-on info when there is a pin, 0 with --fail-on warning', () => {
    expect(hublint(['pins', '--fail-on', 'info', 'app'], { cwd: dir }).code).toBe(1);
    expect(hublint(['pins', '--fail-on', 'warning', 'app'], { cwd: dir }).code).toBe(0);
    const bad = hublint(['pins', '--fail-on', 'loud', 'app'], { cwd: dir });
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, "hublint: option '--fail-on <severity>' argument 'loud' is invalid. Allowed choices are error, warning, info, none."]);
  });
});
