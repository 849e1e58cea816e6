/**
 * Wraps every table of stored (already sanitised) rich text in a scrolling region, so a wide table
 * scrolls inside the page on a phone instead of widening it. The region is focusable and named,
 * so keyboard users can scroll it too (WCAG 2.1.1). Tables keep their own semantics.
 */
export function scrollableTables(html: string, regionLabel: string): string {
  const label = regionLabel.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  return html
    .replace(/<table(?=[\s>])/gi, `<div class="table-scroll" role="region" tabindex="0" aria-label="${label}"><table`)
    .replace(/<\/table>/gi, '</table></div>');
}
