import 'server-only';
import { defineEndpoints } from './define';
import definition from '../resources/webstatics';
import { yearOptionsCall } from '../storage/years';

/** The year picker of one statistics type's page. */
export default defineEndpoints(definition, [yearOptionsCall(definition, 'year', 'getoptions/:type')]);
