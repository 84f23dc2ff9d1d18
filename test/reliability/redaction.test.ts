import { describe, expect, it } from 'vitest';
import { MASK, REDACTION_PATTERNS, redact, redactJson, redactSnippet } from '../../src/core/redact.js';

/**
 * Every secret shape hublint masks: [shape, line, secret, what stays]. The secret must be gone
 * from the output, the rest of the line kept (the user still sees where the call is).
 */
const SHAPES: Array<[string, string, string, string]> = [
  ['URL userinfo', 'curl https://acme:Sup3rSecret@hub.docker.com/v2/repositories/acme/', 'Sup3rSecret', 'https://acme:***@hub.docker.com/v2/'],
  ['URL empty user', 'curl https://:EmptyUserPw1@hub.docker.com/v2/users/login', 'EmptyUserPw1', 'https://:***@hub.docker.com'],
  ['URL password with a double quote', 'curl "https://acme:pa"ss1word@hub.docker.com/v2/"', 'ss1word', '***@hub.docker.com'],
  ["URL password with a single quote", "curl 'https://acme:pa'QuotePw9@hub.docker.com/v2/'", 'QuotePw9', '***@hub.docker.com'],
  ['URL password with a backtick', 'x = `https://acme:back`TickPw7@hub.docker.com/v2/`', 'TickPw7', '***@hub.docker.com'],
  ['JSON-escaped URL', String.raw`{"url":"https:\/\/acme:JsonEscPw3@hub.docker.com\/v2\/"}`, 'JsonEscPw3', String.raw`https:\/\/acme:***@hub.docker.com`],
  ['DOCKER_HOST with credentials', 'DOCKER_HOST=tcp://admin:DaemonPw5@10.0.0.5:2376', 'DaemonPw5', 'tcp://admin:***@10.0.0.5:2376'],
  ['token as URL user', 'git clone https://ghp_abcdefghijklmnopqrstuvwxyz0123456789@github.com/acme/x', 'ghp_abcdefghijklmnopqrstuvwxyz0123456789', '@github.com/acme/x'],
  ['long URL user alone', 'https://a1b2c3d4e5f6g7h8i9j0k1l2@gitlab.example.com/x', 'a1b2c3d4e5f6g7h8i9j0k1l2', '***@gitlab.example.com'],
  ['curl -u user:pw', 'curl -u acme:CurlPw11 https://hub.docker.com/v2/', 'CurlPw11', '-u acme:***'],
  ['curl -uuser:pw (attached)', 'curl -uacme:AttachedPw2 https://hub.docker.com/v2/', 'AttachedPw2', '-uacme:***'],
  ["curl -u 'u:p w' (quoted, space)", "curl -u 'acme:Spaced Pw Four' https://hub.docker.com/v2/", 'Spaced Pw Four', "-u 'acme:***"],
  ['curl -u "u:p w"', 'curl -u "acme:Dq Spaced5" https://hub.docker.com/v2/', 'Dq Spaced5', '-u "acme:***'],
  ['--user=user:pw', 'wget --user=acme:WgetPw6 https://hub.docker.com/v2/', 'WgetPw6', '--user=acme:***'],
  ['--password x', 'docker login --username acme --password LongOptPw7 docker.io', 'LongOptPw7', '--password ***'],
  ['--password=x', 'skopeo copy --password=EqOptPw8 docker://a', 'EqOptPw8', '--password=***'],
  ['docker login -pPW', 'docker login -uacme -pAttachedLoginPw9', 'AttachedLoginPw9', '-p***'],
  ['docker login -p PW', 'docker login -u acme -p SepLoginPw10 docker.io', 'SepLoginPw10', '-p ***'],
  ['echo PW | docker login', 'echo PipedPw12 | docker login -u acme --password-stdin', 'PipedPw12', '--password-stdin'],
  ["Authorization: Bearer 'tok'", `curl -H "Authorization: Bearer 'QuotedBearer13'" https://hub.docker.com/v2/`, 'QuotedBearer13', 'Authorization: Bearer'],
  ['Authorization: Bearer tok', 'curl -H "Authorization: Bearer PlainBearer14xyz" https://hub.docker.com/v2/', 'PlainBearer14xyz', 'Authorization: Bearer ***'],
  ['JSON-escaped Authorization header', String.raw`{"snippet":"curl -H \"Authorization: Bearer $HUB_TOKEN\" \"https://hub.docker.com/v2/\""}`, '$HUB_TOKEN', String.raw`Bearer ***\" \"https://hub.docker.com/v2/\"`],
  ['Authorization: Basic', "curl -H 'Authorization: Basic YWNtZTpCYXNpY1B3MTU=' https://hub.docker.com/v2/", 'YWNtZTpCYXNpY1B3MTU=', 'Authorization: Basic ***'],
  ['Authorization in an object', 'fetch(u, { headers: { Authorization: `JWT ${t}`, "authorization": "Token ObjToken16abc" } })', 'ObjToken16abc', '"authorization": "Token ***'],
  ['bearer alone', 'requests.get(u, auth=BearerAuth("Bearer LoneBearer17abc"))', 'LoneBearer17abc', 'Bearer ***'],
  ['?token= query parameter', 'https://hub.docker.com/v2/repositories/acme/?token=QueryTok18&page=2', 'QueryTok18', '?token=***&page=2'],
  ['access_token= query parameter', 'https://hub.docker.com/v2/x?page=1&access_token=QueryAccess19', 'QueryAccess19', 'access_token=***'],
  ['password= query parameter', 'https://registry.example.com/login?user=a&password=QueryPw20', 'QueryPw20', 'password=***'],
  ['ghp_ token', 'GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345', '0123456789abcdefghijABCDEFGHIJ012345', 'GITHUB_TOKEN='],
  ['github_pat_ token', 'x github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz y', '11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', 'github_pat_***'],
  ['GitLab token', 'git remote add origin glpat-abcdefghij0123456789', 'abcdefghij0123456789', 'glpat-***'],
  ['Slack token', 'hook xoxb-1234567890-abcdefghijkl', '1234567890-abcdefghijkl', 'xoxb-***'],
  ['identitytoken', '{"auths":{"https://index.docker.io/v1/":{"identitytoken":"IdentTok21xyz"}}}', 'IdentTok21xyz', '"identitytoken":"***'],
  ['IdentityToken (daemon JSON)', 'body {"IdentityToken": "DaemonIdTok22", "Status": "Login Succeeded"}', 'DaemonIdTok22', 'Login Succeeded'],
  ['X-Registry-Auth header', 'X-Registry-Auth: eyJ1c2VybmFtZSI6ImFjbWUiLCJwYXNzd29yZCI6IlJlZ1B3MjMifQ==', 'eyJ1c2VybmFtZSI6ImFjbWUiLCJwYXNzd29yZCI6IlJlZ1B3MjMifQ==', 'X-Registry-Auth: ***'],
  ['X-Registry-Auth in a daemon message', 'invalid X-Registry-Auth header: bad value eyJ1c2VybmFtZSI6ImEiLCJwYXNzd29yZCI6IkRhZW1vbk1zZ1B3In0', 'eyJ1c2VybmFtZSI6ImEiLCJwYXNzd29yZCI6IkRhZW1vbk1zZ1B3In0', 'invalid X-Registry-Auth header'],
  ['config.json auth', '{"auths": {"https://index.docker.io/v1/": {"auth": "YWNtZTpDb25maWdQdzI0"}}}', 'YWNtZTpDb25maWdQdzI0', '"auth": "***'],
  ['netrc on one line', 'machine hub.docker.com login acme password NetrcPw25', 'NetrcPw25', 'login acme password ***'],
  ['netrc password line', '  password NetrcLinePw26', 'NetrcLinePw26', 'password ***'],
  ['Docker Hub PAT', 'HUB=dckr_pat_2b3e36beeb386dfdaacb9b46004ccb7c', '2b3e36beeb386dfdaacb9b46004ccb7c', 'dckr_pat_***'],
  ['Docker Hub OAT', 'Bearer-less dckr_oat_7awgM4jG5SQvxcvmNzhKj8PQjxo', '7awgM4jG5SQvxcvmNzhKj8PQjxo', 'dckr_oat_***'],
  ['JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY21lIn0.c2lnbmF0dXJlUGFydA end', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY21lIn0.c2lnbmF0dXJlUGFydA', ' end'],
  ['AWS access key id', 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE', 'IOSFODNN7EXAMPLE', 'AKIA***'],
  ['AWS secret key', 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'aws_secret_access_key=***'],
  ['env PASSWORD=', 'DOCKERHUB_PASSWORD=EnvPw27 ./push.sh', 'EnvPw27', 'DOCKERHUB_PASSWORD=***'],
  ['YAML password:', '  password: YamlPw28', 'YamlPw28', 'password: ***'],
  ['JSON "password"', '{"username": "acme", "password": "JsonPw29"}', 'JsonPw29', '"password": "***'],
  ['JSON "secret"', '{"identifier": "acme", "secret": "JsonSecret30"}', 'JsonSecret30', '"secret": "***'],
  ['python token=', 'client = Hub(token="PyTok31abc")', 'PyTok31abc', 'token="***'],
  // The second battery (issue 34, row 9).
  ['URL password with a raw @', 'curl https://bob:p@ssRaw1@hub.docker.com/v2/', 'ssRaw1', 'https://bob:***@hub.docker.com/v2/'],
  ['URL password with a space, quoted', 'curl "https://bob:Space Pw02@hub.docker.com/v2/"', 'Pw02', '"https://bob:***@hub.docker.com/v2/"'],
  ['URL over a concatenation', 'u = "https://bob:" + "SplitPw9@hub.docker.com/v2/"', 'SplitPw9', '"https://bob:" + "***@hub.docker.com/v2/"'],
  ['URL over a PHP concatenation', "$u = 'https://bob:' . 'PhpSplitPw@hub.docker.com/v2/';", 'PhpSplitPw', "'***@hub.docker.com"],
  ['tcp://TOKEN@ (DOCKER_HOST)', 'DOCKER_HOST=tcp://ShortTok3n@10.0.0.5:2376', 'ShortTok3n', 'tcp://***@10.0.0.5:2376'],
  ['ssh://u:p@', 'DOCKER_HOST=ssh://admin:SshPw01@build', 'SshPw01', 'ssh://admin:***@build'],
  ['X-Api-Key header', 'curl -H "X-Api-Key: ApiKeyVal77" https://hub.docker.com/v2/', 'ApiKeyVal77', 'X-Api-Key: ***"'],
  ['Cookie header', 'curl -H "Cookie: session=CookieVal66; other=1" https://hub.docker.com/v2/', 'CookieVal66', 'Cookie: ***" https://hub.docker.com/v2/'],
  ['"Cookie" in a headers object', 'headers = {"Cookie": "sid=ObjCookie5"}', 'ObjCookie5', '{"Cookie": "***'],
  ['httpie -a user:pass', 'http -a acme:HttpiePw55 GET https://hub.docker.com/v2/', 'HttpiePw55', 'http -a acme:*** GET'],
  ['requests auth=(u, p)', 'requests.get(u, auth=("acme", "ReqPw44"))', 'ReqPw44', 'auth=("acme", "***"))'],
  ['HTTPBasicAuth(u, p)', "requests.get(u, auth=HTTPBasicAuth('acme', 'BasicPw33'))", 'BasicPw33', "HTTPBasicAuth('acme', '***')"],
  ['camelCase hubPassword', 'const hubPassword = "CamelPw22";', 'CamelPw22', 'hubPassword = "***"'],
  ['camelCase dockerHubToken', 'dockerHubToken: "CamelTok11"', 'CamelTok11', 'dockerHubToken: "***"'],
  ['npm_ token', 'echo npm_abcdefghijklmnopqrstuvwxyz0123456789 > .npm-token', 'abcdefghijklmnopqrstuvwxyz0123456789', 'npm_***'],
  // Row 9's classes in their other forms: every assignment operator, every way into `login`'s stdin.
  ['Go := camelCase', 'hubToken := "GoTok1"', 'GoTok1', 'hubToken := "***"'],
  ['PHP array =>', "$cfg = ['password' => 'PhpArrow2'];", 'PhpArrow2', "'password' => '***'"],
  ['Ruby hash =>', 'opts = { :password => "RbArrow3" }', 'RbArrow3', ':password => "***"'],
  ['Make ?=', 'DOCKER_PASSWORD ?= MakeQ4', 'MakeQ4', 'DOCKER_'],
  ['Ruby ||=', 'hub_token ||= "RbOrEq5"', 'RbOrEq5', 'hub_token'],
  ['typed declaration', 'private val hubPassword: String = "KtTyped22"', 'KtTyped22', 'hubPassword: String = "***"'],
  ['echo -n PW | docker login', 'echo -n EchoN6 | docker login -u a --password-stdin', 'EchoN6', 'echo -n *** | docker login'],
  ["printf '%s' PW | docker login", "printf '%s' Printf7 | docker login -u a --password-stdin", 'Printf7', "printf '%s' *** |"],
  ['printf "%s\\n" "PW" | sudo docker login', 'printf "%s\\n" "Printf8" | sudo docker login --password-stdin', 'Printf8', '| sudo docker login'],
  ['here-string into docker login', 'docker login -u a --password-stdin <<< "HereStr9"', 'HereStr9', '<<< "***'],
  ['bare here-string into docker login', 'docker login -u a --password-stdin <<<HereStr10', 'HereStr10', '<<<***'],
  ['httpie --auth u:p', 'http --auth acme:HttpieLong15 GET https://hub.docker.com/v2/', 'HttpieLong15', '--auth acme:***'],
];

/** Lines that hold no secret and must come back unchanged. */
const CLEAN = [
  'curl https://hub.docker.com/v2/repositories/acme/web/',
  'docker run -p 8080:80 nginx',
  'mkdir -p /tmp/build && ssh -p 22 host',
  'echo "$PW" | docker login -u acme --password-stdin',
  'fetch(url, { credentials: "include" })',
  'password: ${{ secrets.DOCKERHUB_TOKEN }}',
  'POST /v2/auth/token (body {identifier, secret})',
  'curl -u "$USER:$PASS" https://hub.docker.com/v2/',
  'docker login -u acme',
  'https://hub.docker.com:443/v2/namespaces/acme/repositories',
  'The body changes from {username, password} to {identifier, secret}; a bearer token is sent.',
  'exec: "pwd": executable file not found in $PATH: unknown',
  'exec: "/bin/token": stat /bin/token: no such file or directory: unknown',
  'exec: "/run/secret": permission denied: unknown',
  // Values a secret-named key holds when it names no secret, and words that only end like one.
  'password: null',
  '"token": false',
  'const bypass = cfg.bypass;',
  'docker run -a stdout nginx',
  // A JS arrow's parameter named like a secret is no assignment: its body stays.
  '.then((token) => use(token))',
  'printf "%s" "$HUB_TOKEN" | docker login --password-stdin',
  // A scheme word alone, the token joined after it: a login fix's JWT → Bearer must show in its diff.
  "const auth = (jwt) => ({ Authorization: 'JWT ' + jwt });",
  'headers={"Authorization": "JWT " + jwt}',
  "return ['Authorization: Bearer ' . $jwt];",
];

describe('redact(): every secret shape', () => {
  it.each(SHAPES)('%s', (_shape, line, secret, kept) => {
    const out = redact(line);
    expect(out).not.toContain(secret);
    expect(out).toContain(MASK);
    expect(out).toContain(kept);
  });

  it.each(CLEAN)('leaves %s as it is', (line) => {
    if (line.includes('$USER:$PASS')) {
      // A variable reference is no secret, but `-u` masks whatever follows the colon.
      expect(redact(line)).toBe('curl -u "$USER:***" https://hub.docker.com/v2/');
      return;
    }
    expect(redact(line)).toBe(line);
  });

  it('is idempotent: redacting redacted text changes nothing', () => {
    for (const [, line] of SHAPES) expect(redact(redact(line))).toBe(redact(line));
  });

  it('masks a secret in every line of a multi-line text and after 4 KB of filler', () => {
    // (The netrc `password` line counts only at the start of a line.)
    const shapes = SHAPES.filter(([shape]) => shape !== 'netrc password line');
    const text = shapes.map(([, line]) => `${'x '.repeat(3000)}${line}`).join('\n');
    const out = redact(text);
    for (const [, , secret] of shapes) expect(out).not.toContain(secret);
    expect(out.split('\n')).toHaveLength(shapes.length);
  });

  it('gives a text of many short lines exactly what redacting each line alone gives', () => {
    // A report is redacted in blocks of lines (each pattern tested once per block); the
    // answer must be the line-by-line one, whatever sits next to a line.
    const lines = SHAPES.flatMap(([, line], i) => [line, `  "message": "line ${i}: https://hub.docker.com/v2/users/login",`, i % 3 ? '' : 'password', `"auth": ${i},`]);
    // Pairs that a pattern would join if it saw across the newline.
    lines.push('curl -H "Authorization: Bearer', 'NextLineWord123456', 'echo NotPiped', '| docker login --password-stdin', '--password', 'NextArg', 'https://acme:', 'x@host');
    for (const order of [lines, [...lines].reverse(), lines.filter((_, i) => i % 2 === 0)]) {
      const text = Array.from({ length: 40 }, () => order).flat().join('\n');
      expect(redact(text)).toBe(text.split('\n').map((line) => redact(line)).join('\n'));
    }
  });

  it('keeps a secret-named variable whose value is a command or another variable, quoted or not', () => {
    const call = 'TOKEN="$(curl -s -X POST https://hub.docker.com/v2/users/login -d @creds.json | jq -r .token)"';
    expect(redact(call)).toBe(call);
    expect(redact('HUB_TOKEN=$(cat /run/secrets/hub)')).toBe('HUB_TOKEN=$(cat /run/secrets/hub)');
    expect(redact('PASSWORD="${HUB_PASSWORD}"')).toBe('PASSWORD="${HUB_PASSWORD}"');
    // A backtick command substitution, as a dry run's diff of a login migration shows it.
    const ticks = 'TOKEN=`curl -s -X POST -d "{\\"username\\":\\"$U\\"}" "https://hub.docker.com/v2/users/login/" | jq -r .token`';
    expect(redact(ticks)).toBe(ticks);
    expect(redact('HUB_PASS=`cat /run/secrets/hub`')).toBe('HUB_PASS=`cat /run/secrets/hub`');
    // A template literal that holds a secret does not start like a command.
    expect(redact('const token = `dckrTok3n99`')).toBe(`const token = \`${MASK}\``);
    expect(redact('hubToken = `Bearer 3n99abc`')).toBe(`hubToken = \`${MASK}\``);
    // A literal stays masked however it is quoted, also one that starts with `$`.
    expect(redact('TOKEN="dckrTok3n99"')).toBe(`TOKEN="${MASK}"`);
    expect(redact("password: 'Pa$$w0rd1'")).toBe(`password: '${MASK}'`);
    expect(redact("password: '$ecretPw3'")).toBe(`password: '${MASK}'`);
    expect(redact('"password": "$ecretPw4"')).toBe(`"password": "${MASK}"`);
  });

  it('every pattern is global and has a name', () => {
    for (const p of REDACTION_PATTERNS) {
      expect(p.re.flags).toContain('g');
      expect(p.name).toMatch(/^[a-z0-9-]+$/);
    }
  });
});

describe('redactJson()', () => {
  it('keeps a JSON text valid where masking it as a whole would eat the backslash of an escaped quote', () => {
    const doc = JSON.stringify({ findings: [{ snippet: 'TOKEN="$(curl -s -d @creds.json https://hub.docker.com/v2/users/login/)"', line: 3 }], password: 'Hunter2Pw', auths: ['token=AbcToken99'] }, null, 2);
    expect(() => JSON.parse(redact(doc))).toThrow();
    const out = redactJson(doc);
    const parsed = JSON.parse(out) as { findings: Array<{ snippet: string; line: number }>; password: string; auths: string[] };
    expect(parsed.findings[0].snippet.startsWith('TOKEN=')).toBe(true);
    expect(parsed.findings[0].line).toBe(3);
    expect(parsed.password).toBe(MASK);
    expect(parsed.auths).toEqual([`token=${MASK}`]);
    for (const secret of ['Hunter2Pw', 'AbcToken99']) expect(out).not.toContain(secret);
  });

  it('is redact() wherever that leaves the JSON valid, one document or one per line', () => {
    const doc = JSON.stringify({ password: 'Hunter2Pw', url: 'https://u:Pw9x@hub.docker.com/v2/' });
    expect(redactJson(doc)).toBe(redact(doc));
    const lines = [JSON.stringify({ m: 'TOKEN="$(curl x)"' }), JSON.stringify({ m: 'ok' })].join('\n');
    expect(lines.split('\n').map((l) => JSON.parse(l) as unknown)).toHaveLength(2);
    expect(redactJson(lines).split('\n').map((l) => JSON.parse(l) as { m: string }).map((o) => o.m.startsWith('TOKEN=') || o.m)).toEqual([true, 'ok']);
  });
});

describe('redact(): long lines, in overlapping windows', () => {
  it('masks a token and a URL password wherever they lie across a window cut', () => {
    for (const secret of ['dckr_pat_WindowTok3n0123456789', 'https://bob:WindowPassw0rd@hub.docker.com/v2/']) {
      for (let at = 3980; at <= 4200; at += 7) {
        for (const base of [0, 4096, 12_000]) {
          const line = `${'a '.repeat((base + at) >> 1)} ${secret} ${'b '.repeat(3000)}`;
          const out = redact(line);
          expect(out).not.toContain('WindowTok3n');
          expect(out).not.toContain('WindowPassw0rd');
          expect(out.length).toBeLessThan(line.length);
        }
      }
    }
  });

  it('gives a long line what a short one gives for each secret in it, and keeps the rest', () => {
    const shapes = SHAPES.filter(([shape]) => shape !== 'netrc password line');
    const all = [...shapes, ...shapes, ...shapes];
    const line = all.map(([, l]) => l).join(' ; ');
    expect(line.length).toBeGreaterThan(4096 * 2);
    expect(redact(line)).toBe(all.map(([, l]) => redact(l)).join(' ; '));
  });
});

describe('redactSnippet()', () => {
  it('cuts to the limit after masking, so a secret across the cut is not half shown', () => {
    const line = `${'a'.repeat(290)} https://acme:CrossCutPw@hub.docker.com/v2/`;
    const out = redactSnippet(line, 300);
    expect(out.length).toBeLessThanOrEqual(300);
    expect(out).not.toContain('CrossCut');
  });

  it('masks before it cuts: a password pulled into the snippet by a shortened token stays masked', () => {
    const line = `TOKEN=eyJhbGciOiJIUzI1NiJ9.${'A'.repeat(1270)} curl https://bob:LongLinePw@hub.docker.com/v2/`;
    const out = redactSnippet(line, 300);
    expect(out).toContain('https://bob:***@hub.docker.com');
    expect(out).not.toContain('LongLi');
  });

  it('a 4 MB line gives a 300-character snippet', () => {
    const line = `curl https://hub.docker.com/v2/repositories/a/b/ ${'a'.repeat(4 * 1024 * 1024)}`;
    expect(redactSnippet(line)).toHaveLength(300);
  });
});
