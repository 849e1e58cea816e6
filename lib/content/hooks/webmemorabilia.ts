import { isSignedIn, requireAccess } from '../../api/context';
import { json } from '../../api/http';
import type { ResourceHooks } from '../define';
import definition from '../resources/webmemorabilia';
import { distinctYears } from '../years';

const hooks: ResourceHooks = {
  routes: [
    {
      // The year picker of the milestones page: the years it would list for this caller.
      method: 'GET',
      path: 'getoptions',
      handler: async (context) => {
        requireAccess(context, 'public');
        return json(await distinctYears(definition, 'eventDate', { language: context.language, publicOnly: !isSignedIn(context) }));
      },
    },
  ],
};

export default hooks;
