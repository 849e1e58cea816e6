import { type WireLanguage } from '@/lib/i18n/languages';
import { publicImage } from '@/lib/public/attachments';
import styles from './ItemImage.module.css';

interface Props {
  /** An `image` field's value (an upload id) or a URL. */
  src: unknown;
  /**
   * The fallback text alternative from the content (the row's title or name), used when the upload
   * has none of its own in the page's language (set in the media library); '' for a decorative
   * image that repeats nearby text, which stays ''.
   */
  alt: string;
  /** The size to reserve when the image's own is unknown (an outside URL); an upload's own size wins. */
  width?: number;
  height?: number;
  /**
   * How wide the picture shows (the `sizes` attribute), so the browser fetches the copy it needs;
   * by default the `width` given, else the text column's width.
   */
  sizes?: string;
  /** The page's language: with it, the upload's own text alternative in that language wins over `alt`. */
  language?: WireLanguage;
  /** Above the fold (the first image of a page): load at once, first, instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** A card of a grid of cards (`.card-grid`: at least 16rem, about a third of the 72rem page). */
export const CARD_SIZES = '(min-width: 40rem) 24rem, 100vw';
/** The page's width (72rem), the whole screen when that is narrower. */
export const PAGE_SIZES = '(max-width: 72rem) 100vw, 72rem';
/** The text column (`--measure`, 46rem) or the whole screen when that is narrower. */
export const COLUMN_SIZES = '(max-width: 46rem) 100vw, 46rem';

/**
 * A content image. An upload is offered as AVIF, WebP and JPEG (or PNG) copies at several widths
 * (`<picture>`, `srcset`, `sizes`), so a phone fetches a small one and a browser takes the best
 * format it reads; a picture cropped by `object-fit: cover` keeps its focal point in view. Its
 * width and height (the upload's own) keep the layout from jumping while it loads; the first image
 * of a page is fetched with high priority, as it is usually the largest thing the visitor sees first.
 * The `<img>` stays inside a `<picture>` even for an outside URL: React adds a preload link for a
 * bare eager `<img>`, at a place that depends on timing, and two renders of a page would differ.
 */
export async function ItemImage({ src, alt, language, width, height, sizes, priority = false, className }: Props) {
  const image = await publicImage(src);
  if (!image) return null;
  const own = language ? image.alt?.[language] : undefined;
  const known = image.width && image.height;
  const shown = sizes ?? (width ? `${width}px` : COLUMN_SIZES);
  const srcSet = (candidates: { url: string; width: number }[]) =>
    candidates.map((each) => `${each.url} ${each.width}w`).join(', ');
  const modern = image.sources?.slice(0, -1) ?? [];
  const fallback = image.sources?.at(-1)?.candidates;
  return (
    <picture className={styles.picture}>
      {modern.map((source) => (
        <source key={source.type} type={source.type} srcSet={srcSet(source.candidates)} sizes={shown} />
      ))}
      <img
        src={fallback ? (fallback.findLast((each) => each.width <= 1280) ?? fallback[0]).url : image.url}
        srcSet={fallback ? srcSet(fallback) : undefined}
        sizes={fallback ? shown : undefined}
        alt={alt && own ? own : alt}
        width={known ? image.width : width}
        height={known ? image.height : height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        style={image.position && image.position !== '50% 50%' ? { objectPosition: image.position } : undefined}
        className={className ? `${styles.image} ${className}` : styles.image}
      />
    </picture>
  );
}
