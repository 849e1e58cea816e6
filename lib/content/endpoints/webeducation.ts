import 'server-only';
import { defineEndpoints } from './define';
import definition from '../resources/webeducation';
import { latestChangeCall } from '../storage/update-times';

/** One category's page shows the date. */
export default defineEndpoints(definition, [latestChangeCall(definition, 'getupdatetime/:category')]);
