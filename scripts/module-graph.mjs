// `node scripts/module-graph.mjs`: the API's module arrows, any modules that reach each other, and any
// arrow that points up a tier (apps/api/module-tiers.mjs). Exits 1 when there is a cycle or a violation.
import { moduleCycles, moduleGraph, tierViolations } from '../apps/api/module-tiers.mjs';

const graph = moduleGraph();
const arrows = [...graph].flatMap(([from, targets]) => [...targets.keys()].map((to) => `${from} -> ${to}`)).sort();
const betweenModules = arrows.filter((arrow) => arrow.split(' -> ')[0].includes('/'));
console.log(arrows.join('\n'));
const cycles = moduleCycles(graph);
const violations = tierViolations(graph);
console.log(`\n${betweenModules.length} arrows between modules, ${arrows.length - betweenModules.length} from the rest of src`);
console.log(`modules that reach each other: ${cycles.length === 0 ? 'none' : cycles.map((c) => c.join(' <-> ')).join('; ')}`);
console.log(`arrows against the tiers: ${violations.length === 0 ? 'none' : violations.map((v) => `${v.from} -> ${v.to}`).join('; ')}`);
process.exit(cycles.length + violations.length === 0 ? 0 : 1);
