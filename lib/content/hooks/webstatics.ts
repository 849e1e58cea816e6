import { isSignedIn, requireAccess } from '../../api/context';
import { json } from '../../api/http';
import type { ResourceHooks } from '../define';
import definition from '../resources/webstatics';
import { sectionFilter, sectionFromPath } from '../update-times';
import { distinctYears } from '../years';

const hooks: ResourceHooks = {
  routes: [
    {
      // The year picker of one statistics type's page.
      method: 'GET',
      path: 'getoptions/:type',
      handler: async (context, [raw]) => {
        requireAccess(context, 'public');
        const filters = sectionFilter(definition, sectionFromPath(definition, context.language, raw));
        return json(await distinctYears(definition, 'year', { language: context.language, publicOnly: !isSignedIn(context) }, filters));
      },
    },
  ],
};

export default hooks;
