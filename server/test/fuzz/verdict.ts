/** What a response must never show a client (runtime contract §3). */
const LEAKS: [RegExp, string][] = [
  [/\bat [^\s()]*\(?[^\s()]*[/\\][^\s()]*:\d+/, 'a stack trace'],
  [/SELECT |INSERT |syntax error|SQLITE_|relation "/i, 'SQL text'],
  [/\/work\/|node_modules|\.ts:\d*/, 'a file path'],
];

export interface FuzzResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

const isBinary = (contentType: string) => /^(image|font)\/|protobuf|octet-stream/.test(contentType);

/**
 * Why a response breaks the rules, or null when it keeps them: never 5xx for client input
 * (a 503 of an unreachable provider aside, none in tests), every /api/ error is JSON with
 * a string `detail`, and nothing of the server's insides shows.
 */
export function verdict(url: string, response: FuzzResponse): string | null {
  const { statusCode, body } = response;
  const contentType = String(response.headers['content-type'] ?? '');
  if (statusCode >= 500) return `status ${statusCode}: ${body.slice(0, 300)}`;
  if (url.startsWith('/api/') && statusCode >= 400) {
    if (!contentType.includes('application/json')) return `error without JSON (${contentType})`;
    let detail: unknown;
    try {
      detail = (JSON.parse(body) as { detail?: unknown }).detail;
    } catch {
      return `error body is not JSON: ${body.slice(0, 200)}`;
    }
    if (typeof detail !== 'string') return `error without a string detail: ${body.slice(0, 200)}`;
  }
  if (isBinary(contentType)) return null;
  for (const [pattern, what] of LEAKS) {
    const match = pattern.exec(body);
    if (match)
      return `body shows ${what}: …${body.slice(Math.max(0, match.index - 80), match.index + 120)}…`;
  }
  return null;
}
