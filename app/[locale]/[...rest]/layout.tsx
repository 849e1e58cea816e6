// Only ever a 404, sent in the site's frame (components/site/RowPageLayout.tsx).
export { NotFoundLayout as default } from '@/components/site/RowPageLayout';
