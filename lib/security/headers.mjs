// Plain JavaScript so next.config.mjs can import it. Used for every response (pages, API, uploads).

/**
 * Content-Security-Policy: everything locked to our origin, plus Google's reCAPTCHA and the video
 * hosts the videos page embeds. No inline script runs unless its hash is in the header: the server
 * adds the hashes of each HTML page's own inline scripts (lib/http/script-hashes.ts), which works
 * for pages served from the whole-page cache, where a nonce would not. The development server
 * (hot reload, eval) keeps the loose rule.
 */
export function contentSecurityPolicy(dev = false) {
  const recaptcha = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
  return [
    "default-src 'self'",
    `script-src 'self'${dev ? " 'unsafe-inline' 'unsafe-eval'" : ''} ${recaptcha}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${recaptcha}`,
    `frame-src ${recaptcha} https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Uploaded files: nothing may load from them and, opened as a page, they run in a sandbox (no
 * script, no same-origin access), whatever the bytes turn out to be.
 */
export const UPLOAD_CSP = "default-src 'none'; sandbox";

export function securityHeaders(dev = false, csp = contentSecurityPolicy(dev)) {
  return [
    { key: 'Content-Security-Policy', value: csp },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), interest-cohort=()' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}
