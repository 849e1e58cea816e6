// Rendered whole when visitors may see the row, else a 404 in the site's frame (components/site/RowPageLayout.tsx).
import { rowPageLayout } from '@/components/site/RowPageLayout';
import { resourcePageOf } from '@/lib/public/resource-pages';

export default rowPageLayout(({ route, id }) => {
  const page = resourcePageOf([String(route), String(id)]);
  return page?.id ? { definition: page.definition, id: page.id } : null;
});
