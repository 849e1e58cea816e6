import { requireAccess } from '../../api/context';
import { json } from '../../api/http';
import type { ResourceHooks } from '../define';
import definition from '../resources/webdiscipline';
import { latestChange, wireDateOrNull } from '../update-times';

const hooks: ResourceHooks = {
  routes: [
    {
      // The date the public page shows, so only public rows count, whoever asks.
      method: 'GET',
      path: 'getupdatetime',
      handler: async (context) => {
        requireAccess(context, 'public');
        return json({ date: wireDateOrNull(await latestChange(definition, { language: context.language, publicOnly: true })) });
      },
    },
  ],
};

export default hooks;
