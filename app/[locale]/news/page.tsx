import { announcementListRoute } from '@/components/site/AnnouncementRoutes';

// Reads its search parameters (filters, paging), so it renders on every request; its reads are cached.
export const dynamic = 'force-dynamic';

const route = announcementListRoute('news');
export const generateMetadata = route.generateMetadata;
export default route.Page;
