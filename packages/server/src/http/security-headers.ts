import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The browser-side defences of the site.
 *
 * Every page gets a Content-Security-Policy of its own: the prerendered HTML carries a few inline scripts (React
 * Router's hydration context) and the inlined stylesheet, and the policy allows exactly those by their SHA-256
 * hashes, so an injected `<script>` or `<style>` would not run. Everything else comes from this origin only;
 * `blob:` covers the results and previews the page makes itself, `data:` the images the stylesheet embeds.
 * Inline `style` attributes stay allowed (React sets a few, such as a progress bar's width): they cannot run code.
 */
const FIXED_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self' blob:",
  "worker-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "manifest-src 'self'",
];

/** HSTS is sent only over TLS (a browser ignores it otherwise); a year, without claiming the operator's subdomains. */
const HSTS = 'max-age=31536000';

/** Inline `<script>` and `<style>` elements: their exact text is what the browser hashes. */
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/** The Content-Security-Policy for one HTML document, allowing its own inline scripts and styles by hash. */
export function contentSecurityPolicy(html: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, tag = '', attributes = '', text = ''] of html.matchAll(INLINE_ELEMENT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    (tag.toLowerCase() === 'script' ? scripts : styles).add(`'sha256-${sha256(text)}'`);
  }
  return [
    ...FIXED_DIRECTIVES,
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
  ].join('; ');
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/** Headers every answer carries, pages and API alike; HSTS when the request came over TLS. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}

/** Headers of an HTML page besides its policy: no framing, no powerful features, its own browsing group. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};
