/**
 * Browser hardening for every answer: what the web app may load (CSP), that no other site may
 * frame it, no MIME sniffing, and how much of our URLs a link click leaks (Referrer-Policy).
 * Set before routing, so a route that needs its own (an SVG image's stricter CSP) overrides it.
 *
 * The CSP is what the built web app needs and no more (checked in Chromium with no violation in
 * the console, test/browser): scripts and fonts from our origin only; styles from our origin plus
 * inline ones (Chakra UI's emotion writes <style> elements at run time); images from our origin,
 * data: and blob: (previews are shown and downloaded as blobs); fetches to our origin only.
 */
import type { Middleware } from 'koa';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'self'", // the demo shows a PDF result in an <object>
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Pages whose URL carries a secret (the magic-link token): never sent on as a Referer. */
const NO_REFERRER = /^\/auth(\/|$)/;

export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', NO_REFERRER.test(ctx.path) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    await next();
    // Rendered images and PDFs are public files meant to be embedded anywhere (the demo itself
    // shows its PDF in an <object>): the page policy is not theirs. A route that set its own
    // (an SVG's restrictive CSP) keeps it.
    if (ctx.response.is('application/pdf', 'image/*')) {
      ctx.remove('X-Frame-Options');
      if (ctx.response.get('Content-Security-Policy') === CONTENT_SECURITY_POLICY)
        ctx.remove('Content-Security-Policy');
    }
  };
}
