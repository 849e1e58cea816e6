import { announcementDetailRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementDetailRoute('activities');
export const generateMetadata = route.generateMetadata;
export default route.Page;
