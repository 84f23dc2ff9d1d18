import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { markdownBlocks } from '../../src/extract/languages/markdown/blocks.js';
import { NO_PROJECT } from '../../src/extract/types.js';

const URL = 'https://hub.docker.com/v2/repositories/acme/web';
// Through the registry, as a scan gets it: with the fence languages' adapters loaded.
const markdownAdapter = await loadAdapter('markdown');

function run(text: string) {
  return markdownAdapter.extract('README.md', text, { project: NO_PROJECT }).map((c) => ({
    method: c.method,
    from: c.methodSource,
    prose: c.prose ?? false,
    source: text.slice(c.start, c.end),
  }));
}

describe('Markdown', () => {
  it('marks prose URLs, links and autolinks as prose', () => {
    const text = `See ${URL}, [old](${URL}/) and <${URL}>.\n<!-- ${URL} -->\n`;
    expect(run(text).map((c) => [c.prose, c.source])).toEqual([
      [true, URL],
      [true, `${URL}/`],
      [true, URL],
      [true, URL],
    ]);
  });

  it('runs a fence through its language adapter and maps offsets back', () => {
    const text = `Intro\n\n\`\`\`bash title="x"\nNS=acme\ncurl -I "https://hub.docker.com/v2/repositories/$NS/web"\n\`\`\`\n`;
    expect(run(text)).toEqual([{ method: 'HEAD', from: 'implied', prose: false, source: 'https://hub.docker.com/v2/repositories/$NS/web' }]);
  });

  it('maps fences inside blockquotes and list items', () => {
    const text = `> ~~~sh\n> curl -X POST ${URL}\n> ~~~\n\n1. Step\n\n   \`\`\`yaml\n   url: ${URL}\n   method: HEAD\n   \`\`\`\n`;
    expect(run(text)).toEqual([
      { method: 'POST', from: 'explicit', prose: false, source: URL },
      { method: 'HEAD', from: 'explicit', prose: false, source: URL },
    ]);
  });

  it('scans fences of other languages and indented code as code, not prose', () => {
    const text = `\`\`\`python\nrequests.head("${URL}")\n\`\`\`\n\nText:\n\n    ${URL}\n`;
    // The Python fence goes through the Python parser: its method is read from the call.
    expect(run(text)).toEqual([
      { method: 'HEAD', from: 'explicit', prose: false, source: URL },
      { method: 'GET', from: 'default', prose: false, source: URL },
    ]);
  });

  it('keeps an unclosed fence to the end of the file and does not close on a shorter fence', () => {
    const blocks = markdownBlocks('````sh\n```\ncurl x\n');
    expect(blocks.map((b) => [b.kind, b.body.text])).toEqual([['fence', '```\ncurl x\n\n']]);
  });

  it('does not take list continuations for indented code', () => {
    const text = `- item\n\n    ${URL}\n`;
    expect(run(text)).toMatchObject([{ prose: true }]);
  });

  it('reads a block by what it holds: a Python script under ```sh, a shell script in an unnamed fence, indented sessions', () => {
    const py = `\`\`\`sh\nimport requests\n\ndef login(user):\n    requests.post("https://hub.docker.com/v2/users/login", json=user)\n\`\`\`\n`;
    expect(run(py)).toEqual([{ method: 'POST', from: 'explicit', prose: false, source: 'https://hub.docker.com/v2/users/login' }]);
    const sh = `\`\`\`\n#!/bin/bash\nimage="$1"\nwget -q --method=HEAD https://hub.docker.com/v2/repositories/acme/\${image}/\n\`\`\`\n`;
    expect(run(sh)).toEqual([{ method: 'HEAD', from: 'explicit', prose: false, source: 'https://hub.docker.com/v2/repositories/acme/${image}/' }]);
    const indented = `Check it:\n\n    $ curl -sI ${URL}/\n    HTTP/1.1 200 OK\n`;
    expect(run(indented)).toEqual([{ method: 'HEAD', from: 'implied', prose: false, source: `${URL}/` }]);
  });

  it('reads docs placeholders as holes of one segment, in code and in prose, and never fixes them', () => {
    const text = `Probe \`https://hub.docker.com/v2/repositories/<org>/\` first.\n\n\`\`\`console\n$ curl -sI https://hub.docker.com/v2/repositories/<org>/<image>/   # 200 when it exists\nHTTP/2 200\n$ curl https://hub.docker.com/v2/repositories/{namespace}/\n\`\`\`\n`;
    const found = markdownAdapter.extract('README.md', text, { project: NO_PROJECT });
    expect(found.map((c) => [c.url.replace(/\uE000(\w+)\uE001/g, '{$1}'), c.method, c.literal ?? false])).toEqual([
      ['https://hub.docker.com/v2/repositories/{org}/', 'GET', false],
      ['https://hub.docker.com/v2/repositories/{org}/{image}/', 'HEAD', false],
      ['https://hub.docker.com/v2/repositories/{namespace}/', 'GET', false],
    ]);
  });

  it('keeps braces as code where the language reads them (a Python format template)', () => {
    const text = `\`\`\`python\nrequests.get("https://hub.docker.com/v2/repositories/{}/".format(org))\n\`\`\`\n`;
    expect(markdownAdapter.extract('README.md', text, { project: NO_PROJECT }).map((c) => c.method)).toEqual(['GET']);
  });
});

const rst = await loadAdapter('rst');

describe('reStructuredText', () => {
  const runRst = (text: string) => rst.extract('guide.rst', text, { project: NO_PROJECT }).map((c) => [text.slice(c.start, c.end), c.method, c.prose ?? false, c.docs ?? false]);

  it('reads code-block directives by their language and literal blocks by their content; prose is prose', () => {
    const text = [
      'Log in (https://hub.docker.com/v2/repositories/<namespace>/ lists them)::',
      '',
      '    $ curl -X POST https://hub.docker.com/v2/users/login',
      '    {"token": "..."}',
      '',
      '.. code-block:: python',
      '   :caption: login.py',
      '',
      '   requests.head("https://hub.docker.com/v2/repositories/acme/web/")',
      '',
      'Done.',
      '',
    ].join('\n');
    expect(runRst(text)).toEqual([
      ['https://hub.docker.com/v2/repositories/<namespace>/', 'GET', true, true],
      ['https://hub.docker.com/v2/users/login', 'POST', false, true],
      ['https://hub.docker.com/v2/repositories/acme/web/', 'HEAD', false, true],
    ]);
  });
});
