// Plain JavaScript so next.config.mjs can import it. Used for every response (pages, API, uploads).

/**
 * Content-Security-Policy: everything locked to our origin, plus Google's reCAPTCHA and the video
 * hosts the videos page embeds. No inline script runs unless its hash is in the header: the server
 * adds the hashes of each HTML page's own inline scripts (lib/server/next/script-hashes.ts), which works
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
  ];
}

/**
 * The back office's own window is kept apart from any window that opened it or that it opens
 * (Cross-Origin-Opener-Policy): it holds a signed-in session. Public pages hold nothing of a
 * visitor's and go without it, because a page with it arriving from another site (a search result,
 * a shared link) is given a new browsing context group, and Chromium then creates the window's
 * script context while committing the page: 45–80 ms of a phone's main thread before the first
 * paint, most of what remained of a public page's blocking time (docs/performance-public.md).
 */
export const backOfficeHeaders = [
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  // The check-in screen reads QR codes with this site's own use of the camera (BarcodeDetector); the
  // back office is one client-side app, so its every page allows it (a later rule's header wins).
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(), interest-cohort=()' },
];
