import 'server-only';
import { defineEndpoints } from './define';
import definition from '../resources/webdiscipline';
import { latestChangeCall } from '../storage/update-times';

export default defineEndpoints(definition, [latestChangeCall(definition, 'getupdatetime')]);
