import 'server-only';
import type { WireLanguage } from '../../i18n/languages';
import { readScopeOf, requireAccess, type Actor } from '../model/actor';
import { traits } from '../model/define';
import { defineEndpoints } from './define';
import { distinctValues } from '../storage/list-reads';
import definition from '../resources/webareainfo';
import { referenceFilter } from '../storage/search';
import { sections } from '../model/sections';
import { sectionFromPath } from '../storage/update-times';

/** Taiwan's counties and cities (sections.regions) as select options in one language. */
const regionOptions = (language: WireLanguage) =>
  sections.regions.map(({ value, key, label }) => ({ value, key, label: label[language] }));

/**
 * The regions with no entry of an area type (and of one member institution, when the path names
 * one; 0 means any) among the rows the caller may see: where a service point is still missing.
 */
async function absentRegions(actor: Actor, rawType: string, rawMemberDept?: string) {
  requireAccess(actor, traits(definition).read);
  const filters: Record<string, number> = { areaType: sectionFromPath(definition, actor.language, rawType) };
  const memberDeptId =
    rawMemberDept === undefined ? undefined : await referenceFilter(actor, definition, 'memberDeptId', rawMemberDept);
  if (memberDeptId !== undefined) filters.memberDeptId = memberDeptId;
  const present = await distinctValues(definition, readScopeOf(actor), 'regionCode', filters);
  const taken = new Set(present.map(Number));
  return regionOptions(actor.language).filter((region) => !taken.has(region.value));
}

export default defineEndpoints(definition, [
  {
    method: 'GET',
    path: 'getselectlist',
    summary: 'Regional service points: the counties and cities as select options',
    operation: async (actor) => {
      requireAccess(actor, traits(definition).read);
      return regionOptions(actor.language);
    },
  },
  {
    method: 'GET',
    path: 'getabsentlist/:type',
    summary: 'Regional service points: the counties and cities with no entry of this type',
    operation: (actor, { params: [type] }) => absentRegions(actor, type),
  },
  {
    method: 'GET',
    path: 'getabsentlist/:type/:memberDeptId',
    summary: 'Regional service points: the counties and cities with no entry of this type for this member institution',
    operation: (actor, { params: [type, memberDeptId] }) => absentRegions(actor, type, memberDeptId),
  },
]);
