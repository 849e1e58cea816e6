import type { PublicImage } from './attachments';

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

const imageTag = /<img\b[^>]*>/gi;
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(2)
    .find((value) => value !== undefined);
const entities: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => entities[c]);

/**
 * Offers every uploaded image of stored rich text as sized copies in modern formats, as
 * components/site/ItemImage.tsx does for an image field: each `<img>` whose address is an upload's
 * becomes a `<picture>` with AVIF and WebP sources, a `srcset` and `sizes` for the text column, its
 * intrinsic width and height (unless the editor gave some), and lazy loading. Other images stay.
 */
export async function responsiveImages(
  html: string,
  lookup: (url: string) => Promise<PublicImage | null>,
  sizes: string,
): Promise<string> {
  const tags = [...new Set(html.match(imageTag) ?? [])];
  const replaced = new Map<string, string>();
  for (const tag of tags) {
    const src = attribute(tag, 'src')?.replace(/&amp;/g, '&');
    if (!src?.startsWith('/uploads/')) continue;
    const image = await lookup(src);
    const fallback = image?.sources?.at(-1)?.candidates;
    if (!image?.sources || !fallback) continue;
    const srcSet = (candidates: { url: string; width: number }[]) =>
      escapeAttribute(candidates.map((each) => `${each.url} ${each.width}w`).join(', '));
    const kept = ['alt', 'title']
      .map((name) => [name, attribute(tag, name)] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    const width = attribute(tag, 'width') ?? String(image.width);
    const height = attribute(tag, 'height') ?? String(image.height);
    const sources = image.sources
      .slice(0, -1)
      .map((source) => `<source type="${source.type}" srcset="${srcSet(source.candidates)}" sizes="${sizes}">`)
      .join('');
    const src1280 = (fallback.findLast((each) => each.width <= 1280) ?? fallback[0]).url;
    replaced.set(
      tag,
      `<picture>${sources}<img src="${escapeAttribute(src1280)}" srcset="${srcSet(fallback)}" sizes="${sizes}"${kept} width="${escapeAttribute(width)}" height="${escapeAttribute(height)}" loading="lazy" decoding="async"></picture>`,
    );
  }
  return replaced.size ? html.replace(imageTag, (tag) => replaced.get(tag) ?? tag) : html;
}
