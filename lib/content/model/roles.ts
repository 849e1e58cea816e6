/**
 * Account roles: User (0) and Admin (1) are the association's staff; a Member (2) is a contact of a
 * member institution, who signs in to the public site's member area and to nothing of the back office.
 */
export const Role = { User: 0, Admin: 1, Member: 2 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Access levels used by resource definitions and operations. */
export type Role = 'user' | 'admin';

/** Who may do something: anyone, any staff account, or Admins only. */
export type Access = 'public' | Role;

/** Staff: the roles of the back office. */
export const isStaffRole = (role: RoleValue) => role === Role.User || role === Role.Admin;

/** A role as stored (any number) read as one of the known roles; an unknown one is the least trusted. */
export const roleOf = (stored: unknown): RoleValue =>
  stored === Role.Admin ? Role.Admin : stored === Role.User ? Role.User : Role.Member;

export function roleAllows(role: RoleValue, needed: Role): boolean {
  return needed === 'user' ? isStaffRole(role) : role === Role.Admin;
}
