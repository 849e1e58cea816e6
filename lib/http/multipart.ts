/**
 * multipart/mixed batches of application/http messages (docs/api.md, Batch), for the server's /api/batch and
 * the browser client that groups requests. Text only: batched requests and responses are JSON.
 * Runs in Node and in browsers (no Buffer).
 */
export interface HttpPart {
  headers: Record<string, string>;
  body: string;
}

export interface HttpRequestMessage {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface HttpResponseMessage {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

const CRLF = '\r\n';

export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType || !/^\s*multipart\/mixed\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= 200 ? boundary : null;
}

export function newBoundary(prefix = 'batch'): string {
  const random = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('');
  return `${prefix}_${random}`;
}

/** Splits `Header: value` lines (lower-cased names) from a body at the first blank line. */
function splitHead(text: string): { head: string[]; body: string } {
  // A part may have no headers at all (RFC 2046, section 5.1.1): then the text starts with the blank line.
  const match = /(?:^|\r?\n)\r?\n/.exec(text);
  const headText = match ? text.slice(0, match.index) : text;
  const body = match ? text.slice(match.index + match[0].length) : '';
  return { head: headText.split(/\r?\n/), body };
}

function parseHeaderLines(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function parseMultipart(text: string, boundary: string): HttpPart[] {
  // A delimiter is `--boundary` at the start of a line, followed by `--` or the end of the line
  // (RFC 2046, section 5.1.1). The line break before it belongs to the delimiter, so it is split off with
  // it; the boundary text elsewhere in a body does not split.
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sections = text.split(new RegExp(`(?:^|\\r?\\n)--${escaped}(?=--|[ \\t]*(?:\\r?\\n|$))`));
  const parts: HttpPart[] = [];
  // sections[0] is the preamble; a section starting with `--` is the closing delimiter.
  for (const section of sections.slice(1)) {
    if (section.startsWith('--')) break;
    const content = section.replace(/^[ \t]*\r?\n/, '');
    const { head, body } = splitHead(content);
    parts.push({ headers: parseHeaderLines(head.filter(Boolean)), body });
  }
  return parts;
}

export function buildMultipart(parts: HttpPart[], boundary: string): string {
  const chunks = parts.map((part) => {
    // Each header line ends in CRLF, so a part without headers is the delimiter line, a blank line, the body.
    const headers = Object.entries(part.headers)
      .map(([k, v]) => `${k}: ${v}${CRLF}`)
      .join('');
    return `--${boundary}${CRLF}${headers}${CRLF}${part.body}${CRLF}`;
  });
  return `${chunks.join('')}--${boundary}--${CRLF}`;
}

export function serializeRequest(message: HttpRequestMessage): string {
  const headers = Object.entries(message.headers).map(([k, v]) => `${k}: ${v}`);
  return [`${message.method.toUpperCase()} ${message.url} HTTP/1.1`, ...headers, '', message.body].join(CRLF);
}

export function parseRequest(text: string): HttpRequestMessage | null {
  const { head, body } = splitHead(text.replace(/^(\r?\n)+/, ''));
  const match = /^([A-Z]+)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?$/.exec(head[0]?.trim() ?? '');
  if (!match) return null;
  return { method: match[1], url: match[2], headers: parseHeaderLines(head.slice(1)), body };
}

export function serializeResponse(message: HttpResponseMessage): string {
  const headers = Object.entries(message.headers).map(([k, v]) => `${k}: ${v}`);
  return [`HTTP/1.1 ${message.status} ${message.statusText}`.trimEnd(), ...headers, '', message.body].join(CRLF);
}

export function parseResponse(text: string): HttpResponseMessage | null {
  const { head, body } = splitHead(text.replace(/^(\r?\n)+/, ''));
  const match = /^HTTP\/\d(?:\.\d)?\s+(\d{3})(?:\s+(.*))?$/.exec(head[0]?.trim() ?? '');
  if (!match) return null;
  return { status: Number(match[1]), statusText: match[2] ?? '', headers: parseHeaderLines(head.slice(1)), body };
}
