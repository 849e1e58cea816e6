import { requireAccess } from '../../api/context';
import { json } from '../../api/http';
import type { ResourceHooks } from '../define';
import definition from '../resources/webeducation';
import { latestChange, sectionFilter, sectionFromPath, wireDateOrNull } from '../update-times';

const hooks: ResourceHooks = {
  routes: [
    {
      // One category's page shows it; like webdiscipline's, only public rows count.
      method: 'GET',
      path: 'getupdatetime/:category',
      handler: async (context, [raw]) => {
        requireAccess(context, 'public');
        const filters = sectionFilter(definition, sectionFromPath(definition, context.language, raw));
        return json({ date: wireDateOrNull(await latestChange(definition, { language: context.language, publicOnly: true }, filters)) });
      },
    },
  ],
};

export default hooks;
