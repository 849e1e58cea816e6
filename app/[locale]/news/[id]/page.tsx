import { announcementDetailRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementDetailRoute('news');
export const generateMetadata = route.generateMetadata;
export default route.Page;
