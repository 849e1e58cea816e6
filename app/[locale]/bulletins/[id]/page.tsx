import { announcementDetailRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementDetailRoute('bulletins');
export const generateMetadata = route.generateMetadata;
export default route.Page;
