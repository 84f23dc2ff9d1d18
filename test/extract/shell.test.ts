import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/core/types.js';
import { showHoles } from '../../src/core/hole.js';
import { commentCandidates } from '../../src/extract/comments.js';
import { shellAdapter } from '../../src/extract/shell/adapter.js';
import { loadDockerfileAdapter } from '../../src/extract/languages/dockerfile/adapter.js';
import { loadMakefileAdapter } from '../../src/extract/languages/makefile/adapter.js';
import { powershellAdapter } from '../../src/extract/languages/powershell/adapter.js';
import { tokenize } from '../../src/extract/shell/tokenize.js';
import { NO_PROJECT, type Adapter } from '../../src/extract/types.js';

const ctx = { project: NO_PROJECT };

function run(adapter: Adapter, text: string, path = 'x') {
  return adapter.extract(path, text, ctx).map((c: Candidate) => ({
    url: showHoles(c.url),
    method: c.method,
    from: c.methodSource,
    source: text.slice(c.start, c.end),
    rebuilt: c.rebuilt,
    literal: c.literal ?? false,
  }));
}

const sh = (text: string) => run(shellAdapter, text, 'x.sh');

describe('shell tokenizer', () => {
  it('joins quotes, escapes and line continuations into words', () => {
    const [cmd] = tokenize(`curl -H 'A: b' "x"y\\ z \\\n  --data-raw $'a\\tb'`);
    const words = cmd.words.map((w) => w.parts.map((p) => (p.k === 'lit' ? p.text : `{${p.name}}`)).join(''));
    expect(words).toEqual(['curl', '-H', 'A: b', 'xy z', '--data-raw', 'a\tb']);
  });

  it('runs a command substitution before the command holding it and skips comments', () => {
    const cmds = tokenize('X=$(curl -s a) # curl b\necho `wget c`');
    expect(cmds.map((c) => c.words.map((w) => w.parts.map((p) => (p.k === 'lit' ? p.text : '?')).join('')))).toEqual([
      ['curl', '-s', 'a'],
      ['X=?'],
      ['wget', 'c'],
      ['echo', '?'],
    ]);
  });

  it('keeps heredoc bodies apart from the command line', () => {
    const text = 'cat <<EOF >out\nhttps://hub.docker.com/x\nEOF\necho done';
    const [cat, echo] = tokenize(text);
    expect(cat.words).toHaveLength(1);
    expect(text.slice(cat.heredocs[0].from, cat.heredocs[0].to)).toBe('https://hub.docker.com/x\n');
    expect(echo.words).toHaveLength(2);
  });
});

describe('shell method evidence', () => {
  const url = 'https://hub.docker.com/v2/repositories/acme/web';
  it.each([
    [`curl ${url}`, 'GET', 'default'],
    [`curl -X POST ${url}`, 'POST', 'explicit'],
    [`curl -sXpost ${url}`, 'POST', 'explicit'],
    [`curl --request HEAD ${url}`, 'HEAD', 'explicit'],
    [`curl -fsSI ${url}`, 'HEAD', 'implied'],
    [`curl --head ${url}`, 'HEAD', 'implied'],
    [`curl -d x=1 ${url}`, 'POST', 'implied'],
    [`curl --data-binary @f ${url}`, 'POST', 'implied'],
    [`curl -F a=b ${url}`, 'POST', 'implied'],
    [`curl --json {} ${url}`, 'POST', 'implied'],
    [`curl -G -d page=2 ${url}`, 'GET', 'implied'],
    [`curl -X "$M" ${url}`, null, 'unknown'],
    [`wget -q ${url}`, 'GET', 'default'],
    [`wget --method=HEAD ${url}`, 'HEAD', 'explicit'],
    [`wget --post-data=x ${url}`, 'POST', 'implied'],
    [`wget --spider ${url}`, 'HEAD', 'implied'],
    [`http HEAD ${url}`, 'HEAD', 'explicit'],
    [`http ${url} name=web`, 'POST', 'implied'],
    [`xh ${url} page==2 Accept:json`, 'GET', 'default'],
    [`echo ${url}`, 'GET', 'default'],
  ])('%s', (line, method, from) => {
    expect(sh(line)).toMatchObject([{ url, method, from }]);
  });

  it('gives each `--next` group its own method', () => {
    expect(sh(`curl -I ${url} --next -d x ${url}/`).map((c) => c.method)).toEqual(['HEAD', 'POST']);
  });
});

describe('shell variables and ranges', () => {
  it('substitutes variables assigned earlier and maps the URL to the word', () => {
    const text = 'HUB=https://hub.docker.com\nexport API="${HUB}/v2"\nNS=acme\ncurl -fsS "$API/repositories/$NS/"\n';
    expect(sh(text)).toEqual([
      { url: 'https://hub.docker.com/v2/repositories/acme/', method: 'GET', from: 'default', source: '$API/repositories/$NS/', rebuilt: true, literal: false },
    ]);
  });

  it('turns unknown variables into holes and uses `${VAR:-default}`', () => {
    expect(sh('curl "https://hub.docker.com/v2/repositories/$1/${REPO:-web}"')[0].url).toBe('https://hub.docker.com/v2/repositories/{1}/web');
  });

  it('reads a variable in the repository slot as one segment or two, as the lowered languages do', async () => {
    const make = async (text: string) => run(await loadMakefileAdapter(), text, 'Makefile').map((c) => c.url);
    expect(await make('x:\n\tcurl -fsS https://hub.docker.com/v2/repositories/$(IMAGE)/\n')).toEqual(['https://hub.docker.com/v2/repositories/{IMAGE:namespace}/{IMAGE:repository}/']);
    expect(await make('x:\n\tcurl -fsS https://hub.docker.com/v2/repositories/$(HUB_USER)/\n')).toEqual(['https://hub.docker.com/v2/repositories/{HUB_USER}/']);
  });

  it('marks a literal URL with its exact range', () => {
    expect(sh("curl -I 'https://hub.docker.com/v2/repositories/a/b'")).toMatchObject([{ source: 'https://hub.docker.com/v2/repositories/a/b', literal: true }]);
  });

  it('reports an assignment only when no request uses it', () => {
    const used = sh('U=https://hub.docker.com/v2/repositories/a/b\ncurl -I "$U"');
    expect(used).toMatchObject([{ method: 'HEAD', source: '$U' }]);
    const unused = sh('U=https://hub.docker.com/v2/repositories/a/b\necho ok');
    expect(unused).toMatchObject([{ method: 'GET', from: 'default', source: 'https://hub.docker.com/v2/repositories/a/b' }]);
  });

  it('follows `sh -c` scripts and sudo/env prefixes', () => {
    expect(sh(`sudo -u ci env A=1 sh -c "curl -X POST https://hub.docker.com/v2/users/login"`)).toMatchObject([
      { method: 'POST', source: 'https://hub.docker.com/v2/users/login', literal: true },
    ]);
  });
});

describe('Dockerfile', () => {
  it('reads RUN with continuations and comment lines, ARG/ENV as variables', async () => {
    const dockerfileAdapter = await loadDockerfileAdapter();
    const text = 'ARG HUB=https://hub.docker.com\nENV NS=acme\nRUN apk add curl \\\n  # fetch\n  && curl -I "$HUB/v2/repositories/$NS/web"\n';
    expect(run(dockerfileAdapter, text)).toMatchObject([{ method: 'HEAD', from: 'implied', source: '$HUB/v2/repositories/$NS/web' }]);
  });

  it('reads the exec form with exact ranges', async () => {
    const dockerfileAdapter = await loadDockerfileAdapter();
    const text = 'RUN ["curl", "-X", "POST", "https://hub.docker.com/v2/users/login"]';
    expect(run(dockerfileAdapter, text)).toMatchObject([{ method: 'POST', from: 'explicit', source: 'https://hub.docker.com/v2/users/login' }]);
  });
});

const makefileAdapter = await loadMakefileAdapter();

describe('Makefile', () => {
  it('expands make variables in recipes and keeps `$$VAR` for the shell', () => {
    const text = 'HUB ?= https://hub.docker.com\nAPI := $(HUB)/v2\nrepos:\n\t@N=acme; curl -fsS "$(API)/repositories/$$N/"\n';
    expect(run(makefileAdapter, text)).toMatchObject([{ url: 'https://hub.docker.com/v2/repositories/acme/', source: '$(API)/repositories/$$N/', rebuilt: true }]);
  });

  it('reads a command in a variable no recipe uses, `$$(` being the shell substitution', () => {
    const text = 'USER=bot\nTOKEN=$$(curl -s -X POST -d \'{"username": "$(USER)"}\' https://hub.docker.com/v2/users/login/ | jq -r .token)\n\nall:\n\techo hi\n';
    expect(run(makefileAdapter, text)).toMatchObject([{ url: 'https://hub.docker.com/v2/users/login/', method: 'POST', from: 'explicit' }]);
  });

  it('runs `$(shell ...)` and target-specific variables through the same expansion', () => {
    const text = 'ORG := $(shell echo acme)\npush: HUB = https://hub.docker.com/v2\npush:\n\tcurl -I "$(HUB)/repositories/acme/web/"\n';
    expect(run(makefileAdapter, text)).toMatchObject([{ url: 'https://hub.docker.com/v2/repositories/acme/web/', method: 'HEAD' }]);
  });

  it('does not read lines outside a rule as recipes', () => {
    expect(run(makefileAdapter, 'X = 1\n\tcurl https://hub.docker.com/v2/repositories/a/b\n')).toEqual([]);
  });
});

describe('PowerShell', () => {
  it('reads Invoke-RestMethod -Method and -Uri with variables, case-insensitively', () => {
    const text = '$Hub = "https://hub.docker.com"\n$r = Invoke-RestMethod -Method Head -Uri "$hub/v2/repositories/acme/web" -Headers @{ A = 1 }';
    expect(run(powershellAdapter, text)).toMatchObject([{ method: 'HEAD', from: 'explicit', source: '$hub/v2/repositories/acme/web' }]);
  });

  it('treats curl.exe as curl and irm without -Method as a GET', () => {
    const text = 'curl.exe -d x https://hub.docker.com/v2/users/login\nirm https://hub.docker.com/v2/repositories/acme';
    expect(run(powershellAdapter, text).map((c) => [c.method, c.from])).toEqual([
      ['POST', 'implied'],
      ['GET', 'default'],
    ]);
  });
});

describe('comments of shell scripts', () => {
  it('reads a commented-out curl with its method and its `${VAR}` segments', () => {
    const text = '#!/bin/sh\n# CMD="curl -s -X PATCH -d @n.json https://hub.docker.com/v2/repositories/${ORG}/${REPO}/"\n';
    const [c] = commentCandidates(text, [{ start: 10, end: text.length - 1 }]);
    expect([showHoles(c.url), c.method, c.methodSource]).toEqual(['https://hub.docker.com/v2/repositories/{ORG}/{REPO}/', 'PATCH', 'explicit']);
  });
});
