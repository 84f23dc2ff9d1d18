import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsInJson, escapeControlsInText } from '../../src/core/printable.js';
import { hublint } from '../helpers/cli.js';

/* eslint-disable no-control-regex -- these tests look for raw control characters */

const ESC = '\u001b';
const CALL = 'curl https://hub.docker.com/v2/repositories/acme/web/';

describe('control characters are shown, never acted on', () => {
  it('escapeControls writes ESC, C0, C1, DEL and bidi controls visibly', () => {
    expect(escapeControls(`a${ESC}[31mb`)).toBe('a\\x1b[31mb');
    expect(escapeControls('a\nb\rc\u0007d\u007fe\u009bf')).toBe('a\\x0ab\\x0dc\\x07d\\x7fe\\x9bf');
    expect(escapeControls('x\u202ey\u2066z\u200f')).toBe('x\\u202ey\\u2066z\\u200f');
    expect(escapeControls('tab\there, ünïcödé, 日本')).toBe('tab\there, ünïcödé, 日本');
  });

  it('escapeControlsInText keeps line breaks, tabs and CRLF, escapes a lone CR', () => {
    expect(escapeControlsInText(`a\tb\r\nc\rd${ESC}e\n`)).toBe('a\tb\r\nc\\x0dd\\x1be\n');
  });

  it('escapeControlsInJson keeps the value JSON.parse reads back', () => {
    const value = { s: `a\u009b\u202eb${ESC}` };
    const text = escapeControlsInJson(JSON.stringify(value));
    expect(text).not.toMatch(/[\u0080-\u009f\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('the CLI escapes what scanned files and names carry', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hublint-escape-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', `red${ESC}[31m${ESC}]0;pwned\u0007.sh`), `${CALL}\n`);
    writeFileSync(join(dir, 'src', 'x\n::error file=forged.sh,line=1::forged annotation.sh'), `${CALL}\n`);
    writeFileSync(join(dir, 'src', 'bidi\u202eht.sh'), `${CALL}\n`);
    writeFileSync(join(dir, 'src', 'url.sh'), `curl "https://hub.docker.com/v2/repositories/acme/${ESC}[2Jweb/"\n`);
  });

  it('text output: no raw ESC, BEL or bidi control, ESC shown as \\x1b', () => {
    const r = hublint(['src'], { cwd: dir, env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(1);
    // Colour is on (FORCE_COLOR): hublint's own SGR codes are the only ESC left.
    const withoutOwnColours = r.stdout.replace(/\u001b\[\d+m/g, '');
    expect(withoutOwnColours).not.toContain(ESC);
    expect(r.stdout).not.toMatch(/[\u0007\u202e]/);
    expect(r.stdout).toContain('red\\x1b[31m\\x1b]0;pwned\\x07.sh');
    expect(r.stdout).toContain('bidi\\u202eht.sh');
  });

  it('text output: a newline in a file name cannot start a forged ::error line', () => {
    const r = hublint(['src'], { cwd: dir });
    expect(r.stdout.split('\n').some((l) => l.startsWith('::'))).toBe(false);
    expect(r.stdout).toContain('x\\x0a::error file=forged.sh');
  });

  it('github format: data and properties escaped as GitHub documents (%, CR, LF; : and , in properties)', () => {
    const r = hublint(['--format', 'github', 'src'], { cwd: dir });
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBe(4);
    for (const l of lines) expect(l).toMatch(/^::warning file=[^:,]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[\w-]+::/);
    expect(r.stdout).toContain('file=src/x%0A%3A%3Aerror file=forged.sh%2Cline=1%3A%3Aforged annotation.sh,');
    expect(r.stdout).not.toContain(ESC);
  });

  it('json, sarif and gitlab stay valid JSON and hold no raw control', () => {
    for (const format of ['json', 'sarif', 'gitlab']) {
      const r = hublint(['--format', format, 'src'], { cwd: dir });
      expect(r.stdout, format).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202e]/);
      expect(() => JSON.parse(r.stdout), format).not.toThrow();
    }
  });

  it('markdown, html and junit hold no raw ESC or bidi control', () => {
    for (const format of ['markdown', 'html', 'junit']) {
      const r = hublint(['--format', format, 'src'], { cwd: dir });
      expect(r.code, format).toBe(1);
      expect(r.stdout, format).not.toMatch(/[\u001b\u0007\u202e]/);
    }
  });

  it('a notice naming a file with ESC and a newline stays one escaped line', () => {
    const r = hublint(['--max-file-size', '1', 'src'], { cwd: dir });
    expect(r.stderr).not.toContain(ESC);
    for (const line of r.stderr.trim().split('\n')) expect(line).toMatch(/^hublint: /);
  });
});

describe('YAML warnings become one notice of hublint', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'hublint-yamlwarn-'));
    writeFileSync(join(dir, 'a.sh'), `${CALL}\n`);
    writeFileSync(join(dir, 'cfg.yaml'), '%YAML 9.9\n---\nfailOn: error\n');
    writeFileSync(join(dir, 'tags.yaml'), 'failOn: error\nexclude: [!!js/regexp /x/]\n');
  });

  it('%YAML 9.9 in a config', () => {
    const r = hublint(['-c', 'cfg.yaml', 'a.sh'], { cwd: dir });
    expect(r.stderr).not.toContain('YAMLWarning');
    expect(r.stderr).not.toContain('--trace-warnings');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^hublint: .*cfg\.yaml: YAML warning, ignored: Unsupported YAML version 9\.9 \(line 1\)$/)]);
    expect(r.code).toBe(0);
  });

  it('a !!js tag in a config', () => {
    const r = hublint(['-c', 'tags.yaml', 'a.sh'], { cwd: dir });
    expect(r.stderr).not.toContain('YAMLWarning');
    expect(r.stderr).toMatch(/^hublint: .*tags\.yaml: YAML warning, ignored: Unresolved tag: tag:yaml\.org,2002:js\/regexp \(line 2\)$/m);
  });

  it('a !!js tag in a rule file', () => {
    writeFileSync(join(dir, 'rules.yaml'), 'schema: !!js/undefined 1\n');
    const r = hublint(['--rules', 'rules.yaml', 'a.sh'], { cwd: dir });
    expect(r.stderr).not.toContain('YAMLWarning');
    expect(r.stderr).toMatch(/^hublint: rules\.yaml: YAML warning, ignored: Unresolved tag/m);
  });
});
