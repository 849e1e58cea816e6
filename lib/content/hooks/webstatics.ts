import type { ResourceHooks } from '../define';
import definition from '../resources/webstatics';
import { yearOptionsCall } from '../years';

/** The year picker of one statistics type's page. */
const hooks: ResourceHooks = { calls: [yearOptionsCall(definition, 'year', 'getoptions/:type')] };

export default hooks;
