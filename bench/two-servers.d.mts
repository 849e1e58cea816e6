export function twoBackendVcl(vcl: string, portA: number, portB: number): string;
export function restartPaths(enIds: number[], twIds: number[]): string[];
