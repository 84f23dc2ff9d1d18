import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { markdownBlocks } from '../../src/extract/markdown/blocks.js';
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
});
