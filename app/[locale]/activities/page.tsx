import { announcementListRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementListRoute('activities');
export const generateMetadata = route.generateMetadata;
export default route.Page;
