import { createHash } from 'node:crypto';

/**
 * A hash-based Content-Security-Policy for every HTML page. Next.js writes its React payload as
 * inline scripts that differ from page to page, and the whole-page cache keeps pages rendered once,
 * so a per-request nonce cannot work: the cached HTML would carry an old one. Instead, each HTML
 * response is held until it is complete, its inline scripts are hashed, and the hashes join the
 * policy's script-src (next.config.mjs sets the policy without 'unsafe-inline'). A script injected
 * into a page, say through content that slipped past the sanitiser, has no hash in the header and
 * does not run. The response stage of the server (lib/server/next/response.ts) holds each page and
 * applies these.
 */

/** `<script …>…</script>` with its attributes and text; the HTML tokenizer ends a script at the first `</script`. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;
/** Types a browser runs; anything else (application/ld+json, text/template) is data. */
const EXECUTABLE_TYPE = /^(?:|text\/javascript|application\/javascript|module)$/i;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+)))?`, 'i').exec(attributes);
  if (!match) return undefined;
  return match[1] ?? match[2] ?? match[3] ?? '';
}

/** The CSP source expressions (`'sha256-…'`) of the inline scripts a browser would run in `html`, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(SCRIPT)) {
    if (attribute(attributes, 'src') !== undefined) continue;
    const type = attribute(attributes, 'type') ?? '';
    if (!EXECUTABLE_TYPE.test(type.trim())) continue;
    // The browser hashes the text as parsed, where line breaks are already normalised to LF.
    const source = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * `policy` with `hashes` added to its script-src. A policy without one (an upload's
 * `default-src 'none'`) is left as it is: it runs no script at all, which is stricter.
 */
export function withScriptHashes(policy: string, hashes: string[]): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const index = directives.findIndex((d) => /^script-src(?:\s|$)/i.test(d));
  if (hashes.length === 0 || index === -1) return policy;
  directives[index] = `${directives[index]} ${hashes.join(' ')}`;
  return directives.join('; ');
}
