import 'server-only';
import type { ResourceHooks } from '../model/define';
import definition from '../resources/webdiscipline';
import { latestChangeCall } from '../storage/update-times';

const hooks: ResourceHooks = { calls: [latestChangeCall(definition, 'getupdatetime')] };

export default hooks;
