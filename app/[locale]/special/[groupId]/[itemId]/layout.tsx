// Rendered whole when visitors may see the row, else a 404 in the site's frame (components/site/RowPageLayout.tsx).
import { rowPageLayout } from '@/components/site/RowPageLayout';
import { resources } from '@/lib/content/model/registry';

export default rowPageLayout(({ itemId }) => ({ definition: resources.webspecial, id: itemId }));
