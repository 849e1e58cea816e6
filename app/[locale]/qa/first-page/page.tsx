import { firstPageOf } from '@/components/site/FirstPage';
import * as list from '../page';

// /qa with no query string, cached whole (lib/public/first-pages.ts).
const firstPage = firstPageOf(list);
export const generateMetadata = firstPage.generateMetadata;
export default firstPage.Page;
