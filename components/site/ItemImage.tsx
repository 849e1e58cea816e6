import { toWireLanguage, type Locale } from '@/lib/i18n/languages';
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
  /** The page's locale: with it, the upload's own text alternative in that language wins over `alt`. */
  locale?: Locale;
  /** Above the fold (the first image of a page): load at once, first, instead of lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A content image. Uploads are served as stored (already sized by the editor), so a plain `<img>`
 * is enough. Its width and height (the upload's own, read from its bytes) keep the layout from
 * jumping while it loads; the first image of a page is fetched with high priority, as it is
 * usually the largest thing the visitor sees first.
 */
export async function ItemImage({ src, alt, locale, width, height, priority = false, className }: Props) {
  const image = await publicImage(src);
  if (!image) return null;
  const own = locale ? image.alt?.[toWireLanguage(locale)] : undefined;
  const known = image.width && image.height;
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={image.url}
      alt={alt && own ? own : alt}
      width={known ? image.width : width}
      height={known ? image.height : height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      className={className ? `${styles.image} ${className}` : styles.image}
    />
  );
}
