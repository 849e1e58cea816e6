// A 404 of this page is sent rendered in the site's frame (components/site/RowPageLayout.tsx).
export { default } from '@/components/site/RowPageLayout';
