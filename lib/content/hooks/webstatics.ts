import 'server-only';
import type { ResourceHooks } from '../model/define';
import definition from '../resources/webstatics';
import { yearOptionsCall } from '../storage/years';

/** The year picker of one statistics type's page. */
const hooks: ResourceHooks = { calls: [yearOptionsCall(definition, 'year', 'getoptions/:type')] };

export default hooks;
