import { announcementListRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementListRoute('bulletins');
export const generateMetadata = route.generateMetadata;
export default route.Page;
