import { walkOptions } from './options.js';
import { DEFAULT_GET, explicitMethod, impliedMethod, type Request } from './request.js';

// curl(1): short and long options that take a value.
const SHORT_WITH_VALUE = 'AbcCdDeEFHKmoPQrtTuUwxXyYz';
const LONG_WITH_VALUE = new Set(
  (
    'abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config connect-timeout ' +
    'connect-to continue-at cookie cookie-jar create-file-mode crlfile curves data data-ascii data-binary ' +
    'data-raw data-urlencode delegation dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers doh-url ' +
    'dump-header ech engine etag-compare etag-save expect100-timeout form form-string ftp-account ftp-alternative-to-user ' +
    'ftp-method ftp-port ftp-ssl-ccc-mode happy-eyeballs-timeout-ms haproxy-clientip header help hostpubmd5 ' +
    'hostpubsha256 hsts interface ip-tos json keepalive-cnt keepalive-time key key-type krb libcurl limit-rate ' +
    'local-port login-options mail-auth mail-from mail-rcpt max-filesize max-redirs max-time netrc-file noproxy ' +
    'oauth2-bearer output output-dir parallel-max pass pinnedpubkey preproxy proto proto-default proto-redir proxy ' +
    'proxy-cacert proxy-capath proxy-cert proxy-cert-type proxy-ciphers proxy-crlfile proxy-header proxy-key ' +
    'proxy-key-type proxy-pass proxy-pinnedpubkey proxy-service-name proxy-tls13-ciphers proxy-tlsauthtype ' +
    'proxy-tlspassword proxy-tlsuser proxy-user proxy1.0 pubkey quote random-file range rate referer request ' +
    'request-target resolve retry retry-delay retry-max-time sasl-authzid service-name socks4 socks4a socks5 ' +
    'socks5-gssapi-service socks5-hostname speed-limit speed-time stderr telnet-option tftp-blksize time-cond ' +
    'tls-max tls13-ciphers tlsauthtype tlspassword tlsuser trace trace-ascii trace-config unix-socket upload-file ' +
    'url url-query user user-agent variable write-out'
  ).split(' '),
);
const DATA = new Set(['d', 'F', 'data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'form', 'form-string', 'json']);

/**
 * curl: `-X/--request` is explicit; `-I/--head` implies HEAD, `-d`, `--data*`, `-F`, `--form`, `--json`
 * POST unless `-G/--get` keeps GET, `-T` PUT; nothing written means GET. `--next` starts
 * a new request, so each group gets its own method.
 */
export function curlRequests(args: readonly string[]): Request[] {
  const out: Request[] = [];
  let urls: number[] = [];
  let request: string | undefined;
  let head = false;
  let data = false;
  let get = false;
  let upload = false;
  const flush = () => {
    if (urls.length) {
      const method =
        request !== undefined
          ? explicitMethod(request)
          : head
            ? impliedMethod('HEAD')
            : get
              ? impliedMethod('GET')
              : data
                ? impliedMethod('POST')
                : upload
                  ? impliedMethod('PUT')
                  : DEFAULT_GET;
      out.push({ urls, ...method });
    }
    urls = [];
    request = undefined;
    head = data = get = upload = false;
  };
  walkOptions(args, { shortWithValue: SHORT_WITH_VALUE, longWithValue: LONG_WITH_VALUE }, {
    option(name, value, at) {
      if (name === 'X' || name === 'request') request = value ?? '';
      else if (name === 'I' || name === 'head') head = true;
      else if (name === 'G' || name === 'get') get = true;
      else if (name === 'T' || name === 'upload-file') upload = true;
      else if (DATA.has(name)) data = true;
      else if (name === 'url' && value !== undefined) urls.push(at);
      else if (name === ':' || name === 'next') flush();
    },
    positional(_value, at) {
      urls.push(at);
    },
  });
  flush();
  return out;
}
