export function contentSecurityPolicy(dev?: boolean): string;
export const UPLOAD_CSP: string;
export function securityHeaders(dev?: boolean, csp?: string): { key: string; value: string }[];
