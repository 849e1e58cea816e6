import { imageUrl } from '@/lib/public/attachments';

interface Props {
  /** An `image` field's value (an upload id) or a URL. */
  src: unknown;
  /** From the content (the row's title or name); '' for a decorative image that repeats nearby text. */
  alt: string;
  width?: number;
  height?: number;
  /** Above the fold (the first image of a page): load at once instead of lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * A content image. Uploads are served as stored (already sized by the editor), so a plain `<img>`
 * is enough; width and height, when known, keep the layout from jumping while it loads.
 */
export async function ItemImage({ src, alt, width, height, priority = false, className }: Props) {
  const url = await imageUrl(src);
  if (!url) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={url}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      className={className ? `item-image ${className}` : 'item-image'}
    />
  );
}
