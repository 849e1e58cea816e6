/** Account roles: User (0) and Admin (1). */
export const Role = { User: 0, Admin: 1 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Access levels used by resource definitions and operations. */
export type Role = 'user' | 'admin';

/** Who may do something: anyone, any signed-in account, or Admins only. */
export type Access = 'public' | Role;

export function roleAllows(role: RoleValue, needed: Role): boolean {
  return needed === 'user' ? true : role === Role.Admin;
}
