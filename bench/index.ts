// `npm run bench <name>`: runs bench/<name>.ts, which compares one of our operations with the standard tool.
import { readdirSync } from 'node:fs';

const available = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench <name>   (available: ${available.join(', ')})`);
  process.exit(1);
}
await import(`./${name}.bench.ts`);
