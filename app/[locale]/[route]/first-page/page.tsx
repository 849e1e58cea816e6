import { firstPageOf } from '@/components/site/FirstPage';
import * as list from '../page';

// A resource list with no query string, cached whole (lib/public/first-pages.ts).
const firstPage = firstPageOf(list);
export const generateMetadata = firstPage.generateMetadata;
export default firstPage.Page;

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
