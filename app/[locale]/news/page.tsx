import { announcementListRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementListRoute('news');
export const generateMetadata = route.generateMetadata;
export default route.Page;
