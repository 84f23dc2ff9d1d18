import { describe, expect, it } from 'vitest';
import { showHoles } from '../../src/core/hole.js';
import { extractYaml } from '../../src/extract/languages/yaml/adapter.js';

function run(text: string) {
  return extractYaml('ci.yml', text).map((c) => ({
    url: showHoles(c.url),
    method: c.method,
    from: c.methodSource,
    source: text.slice(c.start, c.end),
    literal: c.literal ?? false,
  }));
}

const URL = 'https://hub.docker.com/v2/repositories/acme/web';

describe('YAML scalars', () => {
  it.each([
    [`a: ${URL}`],
    [`a: "${URL}"`],
    [`a: '${URL}'`],
    [`- ${URL}\n- x`],
  ])('keeps the exact range of %s', (text) => {
    expect(run(text)).toEqual([{ url: URL, method: 'GET', from: 'default', source: URL, literal: true }]);
  });

  it('maps an escaped double-quoted URL to its source characters', () => {
    const text = `a: "https:\\/\\/hub.docker.com/v2/repositories/acme/web"`;
    const [c] = run(text);
    expect(c.url).toBe(URL);
    expect(c.source).toBe('https:\\/\\/hub.docker.com/v2/repositories/acme/web');
  });

  it('takes the method from a `method`/`verb` key in the same mapping', () => {
    expect(run(`probe:\n  verb: head\n  url: ${URL}\n`)).toMatchObject([{ method: 'HEAD', from: 'explicit' }]);
  });

  it('joins a base and a path split over keys, with the path as the range', () => {
    const text = 'api:\n  url_base: https://hub.docker.com/v2/\n  calls:\n    create:\n      path: repositories/acme/\n      method: POST\n';
    // The base alone is a candidate too; it matches no rule.
    expect(run(text)).toEqual([
      { url: 'https://hub.docker.com/v2/', method: 'GET', from: 'default', source: 'https://hub.docker.com/v2/', literal: true },
      { url: 'https://hub.docker.com/v2/repositories/acme/', method: 'POST', from: 'explicit', source: 'repositories/acme/', literal: false },
    ]);
  });
});

describe('CI scripts', () => {
  it('joins host-less Hub paths to the file\'s Hub origin, with a sibling method key; a registry file stays silent', () => {
    const text = 'hub:\n  host: https://hub.docker.com\n  check:\n    path_tpl: /v2/repositories/acme/web/\n    method: HEAD\n  login: /v2/users/login\n';
    expect(run(text).filter((c) => c.url !== 'https://hub.docker.com')).toEqual([
      { url: `${URL}/`, method: 'HEAD', from: 'explicit', source: '/v2/repositories/acme/web/', literal: false },
      { url: 'https://hub.docker.com/v2/users/login', method: 'GET', from: 'default', source: '/v2/users/login', literal: false },
    ]);
    expect(run('registry:\n  host: https://quay.io\n  login: /v2/users/login\n')).toEqual([]);
  });

  it('maps each line of a literal `run: |` block back to the source', () => {
    const text = [
      'jobs:',
      '  a:',
      '    env:',
      '      NS: acme',
      '    steps:',
      '      - run: |',
      '          echo start',
      '          curl -fsSI \\',
      `            "https://hub.docker.com/v2/repositories/$NS/web"`,
      '',
    ].join('\n');
    const [c] = run(text);
    expect(c).toMatchObject({ url: URL, method: 'HEAD', from: 'implied', source: 'https://hub.docker.com/v2/repositories/$NS/web' });
    const start = text.indexOf('"https') + 1;
    expect(extractYaml('ci.yml', text)[0].start).toBe(start);
  });

  it('maps a folded `>` block line by line', () => {
    const text = `run: >\n  curl -X POST\n  ${URL}\n`;
    const [c] = extractYaml('ci.yml', text);
    expect([c.method, text.slice(c.start, c.end)]).toEqual(['POST', URL]);
  });

  it('runs GitLab script lists in one shell with `variables:`', () => {
    const text = `variables:\n  HUB: https://hub.docker.com\njob:\n  script:\n    - R=web\n    - 'curl -I "$HUB/v2/repositories/acme/$R"'\n`;
    expect(run(text)).toMatchObject([{ url: URL, method: 'HEAD', source: '$HUB/v2/repositories/acme/$R' }]);
  });

  it('reports an env URL at the step that uses it, once', () => {
    const text = `env:\n  REPO_URL: ${URL}\nsteps:\n  - run: curl -I "$REPO_URL"\n`;
    expect(run(text)).toMatchObject([{ method: 'HEAD', source: '$REPO_URL' }]);
  });

  it('runs `shell: pwsh` steps as PowerShell', () => {
    const text = `- shell: pwsh\n  run: Invoke-RestMethod -Method Post -Uri ${URL}\n`;
    expect(run(text)).toMatchObject([{ method: 'POST', from: 'explicit', source: URL }]);
  });

  it('reads exec-form lists such as a compose healthcheck', () => {
    expect(run(`test: ["CMD", "curl", "-I", "${URL}"]`)).toMatchObject([{ method: 'HEAD', source: URL }]);
  });
});

describe('hostile YAML', () => {
  it('does not expand aliases (billion laughs)', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    levels.push(`url: ${URL}`);
    const started = Date.now();
    expect(run(levels.join('\n'))).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('survives invalid YAML', () => {
    expect(() => run(`a: [\nb: "${URL}`)).not.toThrow();
  });
});

describe('YAML templated by Ansible (Jinja) and Helm (Go templates)', () => {
  it('reads each `{{ expr }}` as a value of one hole, mapped to the whole expression', () => {
    const text = 'url: "https://hub.docker.com/v2/repositories/{{ hub_org }}/{{ item | lower }}/"\n';
    expect(run(text)).toMatchObject([{ url: 'https://hub.docker.com/v2/repositories/{hub_org}/{item}/', source: 'https://hub.docker.com/v2/repositories/{{ hub_org }}/{{ item | lower }}/' }]);
  });

  it('leaves GitHub Actions `${{ }}` expressions to the shell reading', () => {
    const text = 'steps:\n  - run: curl -fsS "https://hub.docker.com/v2/repositories/${{ github.repository }}/"\n';
    expect(run(text).map((c) => c.url)).toEqual(['https://hub.docker.com/v2/repositories/{github.repository:namespace}/{github.repository:repository}/']);
  });

  it('reads a Helm template whose `{{- if }}` lines are not YAML', () => {
    const text = '{{- if .Values.sync }}\nspec:\n  command:\n    - sh\n    - -c\n    - curl -s https://hub.docker.com/v2/repositories/{{ .Values.org }}/\n{{- end }}\n';
    expect(run(text).map((c) => c.url)).toEqual(['https://hub.docker.com/v2/repositories/{Values.org}/']);
  });
});
