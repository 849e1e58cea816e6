import { and } from 'drizzle-orm';
import { requireAccess, type RequestContext } from '../../api/context';
import { json } from '../../api/http';
import { getDb } from '../../db';
import type { WireLanguage } from '../../i18n/languages';
import type { ResourceHooks } from '../define';
import { column, tableOf } from '../repository';
import definition from '../resources/webareainfo';
import { readScope, referenceFilter } from '../search';
import { sections } from '../sections';
import { readConditions, sectionFromPath } from '../update-times';

/** Taiwan's counties and cities (sections.regions) as select options in one language. */
const regionOptions = (language: WireLanguage) => sections.regions.map(({ value, key, label }) => ({ value, key, label: label[language] }));

/**
 * The regions with no entry of an area type (and of one member institution, when the path names
 * one; 0 means any) among the rows the caller may see: where a service point is still missing.
 */
async function absentRegions(context: RequestContext, rawType: string, rawMemberDept?: string) {
  requireAccess(context, definition.access?.read ?? 'public');
  const filters: Record<string, number> = { areaType: sectionFromPath(definition, context.language, rawType) };
  const memberDeptId = rawMemberDept === undefined ? undefined : await referenceFilter(context, definition, 'memberDeptId', rawMemberDept);
  if (memberDeptId !== undefined) filters.memberDeptId = memberDeptId;
  const db = await getDb();
  const regionCode = column(tableOf(definition), 'regionCode');
  const present = await db
    .selectDistinct({ regionCode })
    .from(tableOf(definition))
    .where(and(...readConditions(definition, readScope(context), filters)));
  const taken = new Set(present.map((row) => Number(row.regionCode)));
  return json(regionOptions(context.language).filter((region) => !taken.has(region.value)));
}

const hooks: ResourceHooks = {
  routes: [
    {
      method: 'GET',
      path: 'getselectlist',
      summary: 'Regional service points: the counties and cities as select options',
      handler: async (context) => {
        requireAccess(context, definition.access?.read ?? 'public');
        return json(regionOptions(context.language));
      },
    },
    {
      method: 'GET',
      path: 'getabsentlist/:type',
      summary: 'Regional service points: the counties and cities with no entry of this type',
      handler: (context, [type]) => absentRegions(context, type),
    },
    {
      method: 'GET',
      path: 'getabsentlist/:type/:memberDeptId',
      summary: 'Regional service points: the counties and cities with no entry of this type for this member institution',
      handler: (context, [type, memberDeptId]) => absentRegions(context, type, memberDeptId),
    },
  ],
};

export default hooks;
