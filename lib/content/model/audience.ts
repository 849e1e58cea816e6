import { field } from './fields';

/**
 * Who a row of a resource with `audience` (lib/content/model/define.ts) is for: `everyone` (the
 * default) or `members`, which visitors never see in any list, search, feed, sitemap or open data and
 * whose page answers 404; a signed-in Member of the public site sees it, marked, and never from or
 * into a shared cache.
 */
export const EVERYONE = 'everyone';
export const MEMBERS = 'members';
export const AUDIENCES = [EVERYONE, MEMBERS] as const;
export type Audience = (typeof AUDIENCES)[number];

export const audienceField = field.text(['閱覽對象', 'Audience'], {
  max: 10,
  sortable: false,
  choices: [
    { value: EVERYONE, label: { tw: '所有人', en: 'Everyone' } },
    { value: MEMBERS, label: { tw: '會員限定', en: 'Members only' } },
  ],
  defaultValue: EVERYONE,
});

/** Whether a stored row is for signed-in Members only. */
export const isMembersOnly = (row: Record<string, unknown>): boolean => row.audience === MEMBERS;
