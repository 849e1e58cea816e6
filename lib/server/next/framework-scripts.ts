import { HYDRATED_PAGE_MARK } from '../../http/hydrated-page';

/**
 * Next.js's client runtime in a server-rendered page, and the page without it. A public page is
 * complete HTML that works without script (docs/public-site.md, "Script"); what script adds there
 * is a few behaviours of the site's own (lib/public/site-script.ts, inline in the page). The
 * runtime (React, the App Router and the page's React payload: about 470 KB of script and half the
 * HTML) would only hydrate what the server already drew, and evaluating it is what a phone spends
 * most of a page's load on. So a public page is sent without it, unless it holds a part that is
 * React in the browser (a form), which marks the page (lib/http/hydrated-page.ts).
 *
 * The markers below are Next.js's output: test/server/next-contract.test.ts pins the React payload's
 * and the build files' against Next.js's own source; Turbopack's bootstrap comes from its native
 * runtime, and e2e/public.spec.ts sees real pages go without any script file.
 */

/** A `<script>` with its text, or a `<link>`: the tokenizer ends a script at the first `</script`. */
const TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<link\b([^>]*)>/gi;
/** Next.js's build files: the runtime's chunks (`/_next/static/chunks/…`). */
const BUILD_SCRIPT = /\bsrc="\/_next\/static\/[^"]*\.js"/i;
const BUILD_SCRIPT_PRELOAD =
  /\bas="script"[^>]*\bhref="\/_next\/static\/[^"]*\.js"|\bhref="\/_next\/static\/[^"]*\.js"[^>]*\bas="script"/i;
/** The React payload (`self.__next_f.push(…)`) and Turbopack's list of the chunks to start. */
const RUNTIME_INLINE = /^\s*\(?(?:self\.__next_f\b|globalThis\["TURBOPACK"\])/;
const MARK = new RegExp(`<meta\\b[^>]*\\bname="${HYDRATED_PAGE_MARK}"`, 'i');

/** Whether `html` asks to keep the runtime. */
export const isHydratedPage = (html: string) => MARK.test(html);

/**
 * `html` without Next.js's client runtime: the scripts from its build and their preloads, the
 * React payload and the bootstrap. Every other script stays: the site's own, structured data, and
 * React's own server-rendering scripts (`$RC`: content streamed after its fallback swapped in).
 */
export function withoutFrameworkScripts(html: string): string {
  return html.replace(TAG, (tag, scriptAttributes?: string, text?: string, linkAttributes?: string) => {
    if (linkAttributes !== undefined) return BUILD_SCRIPT_PRELOAD.test(linkAttributes) ? '' : tag;
    if (BUILD_SCRIPT.test(scriptAttributes ?? '')) return '';
    return RUNTIME_INLINE.test(text ?? '') ? '' : tag;
  });
}
