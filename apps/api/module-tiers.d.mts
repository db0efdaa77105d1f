export declare const TIERS: readonly string[];
export declare const MODULES_DIR: string;
export interface ApiModule {
  tier: string;
  name: string;
  dir: string;
}
export declare function listModules(modulesDir?: string): ApiModule[];
export declare function tierZones(relativeModulesDir?: string): { target: string; from: string[]; message: string }[];
export type ModuleGraph = Map<string, Map<string, string[]>>;
export declare function sourceFiles(dir: string): string[];
export declare function moduleGraph(srcDir?: string): ModuleGraph;
export declare function moduleCycles(graph: ModuleGraph): string[][];
export declare function tierViolations(graph: ModuleGraph): { from: string; to: string; files: string[] }[];
