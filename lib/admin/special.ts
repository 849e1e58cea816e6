/**
 * The few screens beyond the generic list and form (issue 5): these resources' lists carry a
 * "last updated" stamp per section (spec §7 `changeupdatetime`/`getupdatetime`).
 */
export const stampedResources: readonly string[] = ['websupervisor', 'webcommittee'];
