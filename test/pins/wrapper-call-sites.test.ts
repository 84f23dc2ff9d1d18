import { describe, expect, it } from 'vitest';
import { pythonImports } from '../../src/extract/resolve/modules.js';
import { lintPins } from '../../src/scan/run.js';

async function pinsOf(files: Record<string, string>) {
  const { findings } = await lintPins({ files: Object.entries(files).map(([path, text]) => ({ path, text })) });
  return findings.filter((f) => f.family === 'pin').map((f) => `${f.file}:${f.line} ${f.pin?.version}`);
}

const ENGINE = 'import docker\n\ndef engine_client(api_version=None, timeout=60):\n    return docker.APIClient(version=api_version, timeout=timeout)\n';

describe('a version parameter with a default, followed to its call sites', () => {
  it('in the same module: by keyword and by position; the default None is no version', async () => {
    expect(await pinsOf({ 'engine.py': `${ENGINE}\nold = engine_client("1.38")\nnew = engine_client(api_version="1.43")\nplain = engine_client()\n` })).toEqual(['engine.py:6 1.38', 'engine.py:7 1.43']);
  });

  it('in modules that import the helper, however they name it', async () => {
    expect(
      await pinsOf({
        'app/engine.py': ENGINE,
        'app/build.py': 'from app.engine import engine_client as ec\n\napi = ec(api_version="1.41")\n',
        'app/prune.py': 'from . import engine\n\napi = engine.engine_client("1.40")\n',
        'main.py': 'import app.engine\n\napi = app.engine.engine_client(api_version="1.39")\n',
        'app/other.py': 'from app.engine import something_else\n\nx = engine_client(api_version="1.24")\n',
      }),
    ).toEqual(['app/build.py:3 1.41', 'app/prune.py:3 1.40', 'main.py:3 1.39']);
  });

  it('still reports the default when it is a version', async () => {
    expect(await pinsOf({ 'engine.py': 'import docker\n\ndef make(version="1.35"):\n    return docker.DockerClient(version=version)\n\nc = make("1.44")\n' })).toEqual(['engine.py:3 1.35', 'engine.py:6 1.44']);
  });
});

describe('stevedore (R)', () => {
  it('pins with docker_client(api_version = ...), not with "auto" or no argument', async () => {
    expect(await pinsOf({ 'R/jobs.R': 'a <- stevedore::docker_client(api_version = "1.29")\nb <- docker_client(api_version = "auto")\nc <- docker_client()\n' })).toEqual(['R/jobs.R:1 1.29']);
  });
});

describe('pythonImports', () => {
  it('reads from-imports (aliases, parentheses over lines) and plain imports', () => {
    const text = 'from a.b import c, d as e\nfrom . import (\n    f,\n    g as h,\n)\nimport x.y as z, w\n  import q  # indented\n';
    expect(pythonImports(text)).toEqual([
      { module: 'a.b', name: 'c', local: 'c' },
      { module: 'a.b', name: 'd', local: 'e' },
      { module: '.', name: 'f', local: 'f' },
      { module: '.', name: 'g', local: 'h' },
      { module: 'x.y', name: null, local: 'z' },
      { module: 'w', name: null, local: 'w' },
      { module: 'q', name: null, local: 'q' },
    ]);
  });
});
