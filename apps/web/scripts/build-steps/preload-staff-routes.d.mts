export function preloadStaffRoutes(root: string): string;
export function staffRoutes(manifest: unknown): { id: string; pattern: string }[];
