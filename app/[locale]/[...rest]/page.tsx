import { notFound } from 'next/navigation';

/**
 * An address below a part of the site that names no page (`/tw/news/1/more`): a 404 in the site's
 * frame. An address that names no part of the site never gets here: proxy.ts sends it home.
 */
export default function UnknownPath(): never {
  notFound();
}

// Rendered on first request and kept like a row's page, so that the 404 is rendered whole, in its frame.
export function generateStaticParams() {
  return [];
}
