export function preloadStaffRoutes(root: string): string;
