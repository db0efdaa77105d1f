export function staffScripts(root: string, pages: { url: string; file: string; islands?: readonly string[] | null }[]): string;
