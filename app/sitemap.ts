import type { MetadataRoute } from 'next';
import { loadSitemap } from '@/lib/public/sitemap';

// Read at request time: the rows change with every write and with the publication window.
export const dynamic = 'force-dynamic';

export default function sitemap(): Promise<MetadataRoute.Sitemap> {
  return loadSitemap();
}
