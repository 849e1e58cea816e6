import { announcementDetailRoute } from '@/components/site/AnnouncementRoutes';

const route = announcementDetailRoute('activities');
export const generateMetadata = route.generateMetadata;
export default route.Page;

// Rendered on first request, then cached like every public page (app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}
