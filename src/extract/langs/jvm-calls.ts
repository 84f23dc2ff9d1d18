import { firstOf, fixed, fromArg, fromChain, fromVerb, verbCall, type CallRule, type TextClue } from './method-evidence.js';

/** Builders that set the method after the URL: java.net.http, OkHttp, ktor's `request { }`. */
const CHAIN_CLUES: TextClue[] = [
  { re: /\.method\(\s*([^,)]+)/ },
  { re: /\.(GET|HEAD|DELETE)\(\s*\)/ },
  { re: /\.(POST|PUT)\(/ },
  { re: /\.(head|get|delete)\(\s*\)/ },
  { re: /\.(post|put|patch)\(/ },
  { re: /\bmethod\s*=\s*([\w.]+)/ },
];

const fromChainOrGet = firstOf(fromChain(CHAIN_CLUES), fixed('GET', 'default'));

/** HTTP calls of Java and Kotlin code (the two share their client libraries). */
export const JVM_CALLS: CallRule[] = [
  // Spring WebClient: webClient.head().uri(url)
  { callee: /(?:^|\.)(?<verb>get|head|post|put|patch|delete)\(\)\.uri$/, method: fromVerb },
  { callee: /(?:^|\.)(?:uri|newBuilder|url)$/, method: fromChainOrGet },
  // RestTemplate: getForObject, postForEntity, headForHeaders, exchange(url, HttpMethod.HEAD, ...)
  { callee: /(?:^|\.)(?<verb>get|head|post)For(?:Object|Entity|Headers|Location)$/, method: fromVerb },
  { callee: /(?:^|\.)exchange$/, method: fromArg(1) },
  // Apache HttpClient: new HttpHead(url)
  { callee: /^new Http(?<verb>Get|Head|Post|Put|Patch|Delete)$/, method: fromVerb },
  { callee: /(?:^|\.)(?:request|prepareRequest)$/, method: fromChainOrGet },
  verbCall(),
];

/** `URI.create(url)`, `new URL(url)`, `Uri.parse(url)`, `url.toHttpUrl()`: wrappers, not calls. */
export const JVM_WRAPPERS = /^(?:URI\.create|new URI|new URL|URI|URL|Uri\.parse|HttpUrl\.parse|HttpUrl\.get|Url)$/;
