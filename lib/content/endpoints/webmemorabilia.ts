import 'server-only';
import { defineEndpoints } from './define';
import definition from '../resources/webmemorabilia';
import { yearOptionsCall } from '../storage/years';

/** The year picker of the milestones page. */
export default defineEndpoints(definition, [yearOptionsCall(definition, 'eventDate', 'getoptions')]);
